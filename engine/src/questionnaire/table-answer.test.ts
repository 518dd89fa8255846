import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { answerCombinations, sampleAnswer } from './answer-combinations';
import { toSurveyJson } from './to-survey-json';
import { validateAnswer, validateTableAnswer } from './validate-answer';

// A table as the next definitions will use one (gifts: date, value, recipient, exemptions).
const gifts: Question = {
  id: 'gifts',
  question: 'Gifts you made',
  type: 'table',
  maxRows: 3,
  addRowText: 'Add a gift',
  columns: [
    { id: 'date', label: 'Date', type: 'date', notAfter: 'asOf' },
    { id: 'value', label: 'Value (£)', type: 'currency', min: 0 },
    {
      id: 'recipient',
      label: 'Recipient',
      type: 'select',
      options: [
        { value: 'spouse', label: 'Spouse or civil partner' },
        { value: 'charity', label: 'Charity' },
        { value: 'other', label: 'Someone else' },
      ],
    },
    {
      id: 'exemptions',
      label: 'Exemptions',
      type: 'checkbox',
      optional: true,
      options: [
        { value: 'annual', label: 'Annual exemption' },
        { value: 'wedding', label: 'Wedding gift' },
      ],
    },
    { id: 'note', label: 'Note', type: 'text', optional: true, maxLength: 10 },
    {
      id: 'name',
      label: 'Recipient name',
      type: 'text',
      requiredWhen: { all: [{ fact: 'recipient', operator: 'equal', value: 'other' }] },
    },
  ],
};
const ok = { date: '2024-05-01', value: 3000, recipient: 'charity' };

describe('validateAnswer on a table', () => {
  it('accepts rows whose cells fit their columns, numbers as text too', () => {
    expect(
      validateAnswer(gifts, [ok, { ...ok, value: '250.5', exemptions: ['annual'] }], { asOf: '2025-01-01' }),
    ).toBeNull();
  });

  it('names the row and the column of the first problem', () => {
    expect(validateAnswer(gifts, [ok, { ...ok, value: -1 }])).toBe(
      'Row 2, Value (£): Enter an amount of £0 or more',
    );
    expect(validateAnswer(gifts, [{ ...ok, date: '2023-02-29' }])).toBe(
      'Row 1, Date: The date must be a real date',
    );
    expect(validateAnswer(gifts, [{ ...ok, date: '2025-02-01' }], { asOf: '2025-01-31' })).toBe(
      'Row 1, Date: The date must be today or in the past',
    );
    expect(validateAnswer(gifts, [{ ...ok, recipient: 'neighbour' }])).toBe(
      'Row 1, Recipient: Select one of the options',
    );
    expect(validateAnswer(gifts, [{ ...ok, exemptions: ['annual', 'annual'] }])).toBe(
      'Row 1, Exemptions: Select only from the options given',
    );
    expect(validateAnswer(gifts, [{ ...ok, note: 'far too long a note' }])).toBe(
      'Row 1, Note: Enter no more than 10 characters',
    );
  });

  it('needs a cell only where its row condition holds', () => {
    expect(validateAnswer(gifts, [{ ...ok, recipient: 'other' }])).toBe(
      'Row 1, Recipient name: Please complete all required fields before proceeding',
    );
    expect(validateAnswer(gifts, [{ ...ok, recipient: 'other', name: 'Ann' }])).toBeNull();
  });

  it('bounds the answer before reading a cell: rows, row shape, unknown columns', () => {
    expect(validateAnswer(gifts, [ok, ok, ok, ok])).toBe('Enter no more than 3 rows');
    expect(validateAnswer(gifts, { 0: ok })).toBe('Enter your answer as rows of the table');
    expect(validateAnswer(gifts, 'rows')).toBe('Enter your answer as rows of the table');
    expect(validateAnswer(gifts, [ok, 'x'])).toBe('Row 2: Enter your answer as rows of the table');
    expect(validateAnswer(gifts, [{ ...ok, __proto__x: 1 }])).toBe(
      'Row 1: "__proto__x" is not a column of this table',
    );
    expect(validateAnswer(gifts, [])).toBe('Please complete all required fields before proceeding');
    expect(validateAnswer({ ...gifts, optional: true }, [])).toBeNull();
  });

  it('lists every problem for an import, each with its row', () => {
    const problems = validateTableAnswer(gifts, [
      { ...ok, value: 'lots' },
      ok,
      { ...ok, date: 'soon', recipient: 'x' },
    ]);
    expect(problems.map((p) => [p.row, p.column])).toEqual([
      [1, 'value'],
      [3, 'date'],
      [3, 'recipient'],
    ]);
  });
});

describe('a table in SurveyJS', () => {
  const json = toSurveyJson({ title: 'Gifts', questionnaire: { questions: [gifts] } }, { reviewPage: false });
  const element = json.pages[0]?.elements[0] as Record<string, unknown>;

  it('is a dynamic matrix with a typed column per definition column', () => {
    expect(element).toMatchObject({
      type: 'matrixdynamic',
      name: 'gifts',
      rowCount: 0,
      minRowCount: 1,
      maxRowCount: 3,
      addRowText: 'Add a gift',
    });
    const columns = element.columns as Record<string, unknown>[];
    expect(columns.map((c) => [c.name, c.cellType, c.inputType])).toEqual([
      ['date', 'text', 'date'],
      ['value', 'text', 'number'],
      ['recipient', 'dropdown', undefined],
      ['exemptions', 'checkbox', undefined],
      ['note', 'text', undefined],
      ['name', 'text', undefined],
    ]);
    expect(columns[5]?.requiredIf).toBe("({row.recipient} = 'other')");
  });

  it('validates cells as the engine does: a number out of range, a row condition', () => {
    const model = new Model(json);
    model.data = { gifts: [{ ...ok, value: -5 }] };
    expect(model.validateCurrentPage()).toBe(false);
    model.data = { gifts: [{ ...ok, recipient: 'other' }] };
    expect(model.validateCurrentPage()).toBe(false);
    model.data = { gifts: [{ ...ok, recipient: 'other', name: 'Ann' }] };
    expect(model.validateCurrentPage()).toBe(true);
    expect(model.data).toEqual({ gifts: [{ ...ok, recipient: 'other', name: 'Ann' }] });
  });

  it('reviews a table as its number of rows', () => {
    const model = new Model(toSurveyJson({ questionnaire: { questions: [gifts] } }));
    model.data = { gifts: [ok, ok] };
    expect(model.getValue('review__gifts')).toBe('2 rows');
  });

  it('has a valid sample answer for previews and the combinations', () => {
    const sample = sampleAnswer(gifts, '2024-06-15');
    expect(validateAnswer(gifts, sample)).toBeNull();
    expect(answerCombinations({ questionnaire: { questions: [gifts] } })).toEqual([{ gifts: sample }]);
  });
});
