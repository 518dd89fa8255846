// A table question inside the SurveyJS questionnaire (jsdom): every cell labelled by its row and
// column, rows added and removed, a CSV file imported all or nothing, and the engine's check on Next.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answersToSave, displayAnswer } from '../lib/steps';
import { definitionFile } from '../testing/definitions';
import { QuestionnaireSurvey } from './QuestionnaireSurvey';

class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

const cgt = definitionFile('cgt_assessment/v3.json').load();
const tradesQuestion = cgt.questionnaire.questions.find((q) => q.id === 'shareTradesCGT');
const start = { assetTypeCGT: 'uk_listed_shares', hasShareTradesCGT: true };

function renderTable(answers: Record<string, unknown> = start) {
  window.scrollTo = () => undefined;
  vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
  let latest: Record<string, unknown> = answers;
  let validate: () => boolean = () => true;
  render(
    <QuestionnaireSurvey
      definition={cgt}
      answers={answers}
      answersEpoch={0}
      questionId="shareTradesCGT"
      onAnswers={(a) => {
        latest = a;
      }}
      registerValidate={(fn) => {
        validate = fn;
      }}
    />,
  );
  return { answers: () => latest, validate: () => validate() };
}

function csvFile(text: string, name = 'trades.csv') {
  return new File([text], name, { type: 'text/csv' });
}

describe('a table question in the questionnaire', () => {
  it('adds a row whose every field is labelled "Row n, column", and stores typed rows', async () => {
    const t = renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a trade' }));
    await user.type(screen.getByLabelText('Row 1, Date'), '2024-01-02');
    await user.selectOptions(screen.getByLabelText('Row 1, Action'), 'BUY');
    await user.type(screen.getByLabelText('Row 1, Share, fund or token'), 'VUSA');
    await user.type(screen.getByLabelText('Row 1, Quantity'), '10');
    await user.type(screen.getByLabelText('Row 1, Price per unit (£)'), '55.5');
    for (const label of ['Fees (£)', 'Amount (£)', 'Ratio'])
      expect(screen.getByLabelText(`Row 1, ${label}`)).toBeInTheDocument();
    await waitFor(() =>
      expect(t.answers().shareTradesCGT).toEqual([
        { date: '2024-01-02', action: 'BUY', asset: 'VUSA', quantity: 10, price: 55.5 },
      ]),
    );
    expect(t.validate()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() => expect(t.answers().shareTradesCGT).toBeUndefined());
  });

  it('stops Next on a row with a problem and names the row and column', async () => {
    const t = renderTable({
      ...start,
      shareTradesCGT: [{ date: '2024-01-02', action: 'SELL', asset: 'X', quantity: 5 }],
    });
    await screen.findByLabelText('Row 1, Date');
    let valid = true;
    await waitFor(() => {
      valid = t.validate();
      expect(valid).toBe(false);
    });
    const problems = await screen.findByTestId('table-problems');
    expect(
      within(problems).getByRole('button', {
        name: /Row 1, Price per unit \(£\): Please complete all required fields/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Row 1, Price per unit (£)')).toHaveAttribute('aria-invalid', 'true');
    // the incomplete row is neither saved nor evaluated meanwhile
    expect(answersToSave(cgt, t.answers()).shareTradesCGT).toBeUndefined();
  });

  it('imports a CSV file into the rows, or nothing at all with every bad line listed', async () => {
    const t = renderTable();
    const input = await screen.findByLabelText('CSV file');
    fireEvent.change(input, {
      target: {
        files: [
          csvFile(
            'date,action,asset,quantity,price,fees\n2024-01-02,BUY,VUSA,2,10,1\n2024-01-09,BUY,VUSA,nine,10,\n2031-01-01,SELL,VUSA,1,12,',
          ),
        ],
      },
    });
    const alert = await screen.findByTestId('table-import-problems');
    expect(alert).toHaveTextContent('trades.csv was not imported');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3, Quantity: Enter a number, like 25000',
      'Line 4, Date: The date must be today or in the past',
    ]);
    expect(t.answers().shareTradesCGT).toBeUndefined();

    fireEvent.change(input, {
      target: {
        files: [
          csvFile(
            'date,action,asset,quantity,price,fees\n2024-01-02,BUY,VUSA,2,10,1\n2024-01-09,SELL,VUSA,1,12,1',
          ),
        ],
      },
    });
    expect(await screen.findByTestId('table-import-done')).toHaveTextContent(
      '2 rows imported from trades.csv',
    );
    await waitFor(() =>
      expect(t.answers().shareTradesCGT).toEqual([
        { date: '2024-01-02', action: 'BUY', asset: 'VUSA', quantity: 2, price: 10, fees: 1 },
        { date: '2024-01-09', action: 'SELL', asset: 'VUSA', quantity: 1, price: 12, fees: 1 },
      ]),
    );
    expect(screen.getByLabelText('Row 2, Action')).toHaveValue('SELL');
    expect(screen.getByRole('link', { name: 'Download the CSV template' })).toHaveAttribute(
      'href',
      '/templates/share-trades.csv',
    );
  });

  it('shows 20 rows a page, and the review reads the number of rows', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      date: '2024-01-02',
      action: 'BUY',
      asset: `A${i}`,
      quantity: 1,
      price: 1,
    }));
    renderTable({ ...start, shareTradesCGT: rows });
    expect(await screen.findByTestId('table-page')).toHaveTextContent('Rows 1–20 of 45');
    const shownRows = () =>
      [...document.querySelectorAll('li[data-row]')].map((li) => li.getAttribute('data-row'));
    expect(shownRows()).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(screen.getByTestId('table-page')).toHaveTextContent('Rows 21–40 of 45');
    expect(shownRows()[0]).toBe('21');
    expect(document.querySelector('li[data-row="21"] [data-column="asset"] input')).toHaveValue('A20');
    if (!tradesQuestion) throw new Error('no table');
    expect(displayAnswer(tradesQuestion, rows)).toBe('45 rows');
  });
});
