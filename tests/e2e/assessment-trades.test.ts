// A visitor enters share trades in the CGT questionnaire's table (typing two, then uploading a
// broker CSV: a bad file is refused with its lines, a good one fills the table) in Chromium against
// the real server, and the results page shows the engine's figures: the tax years and how each
// sale was matched. Screenshots at 1280×800 and 390×844 of the table and of the results.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '@reclaim/engine';
import { clientTextProblems, definitionFactNames } from '@reclaim/engine/testing';
import { PHONE, artifactsDir, screenshot } from './harness';
import {
  completeQuestionnaire,
  currentQuestion,
  expected,
  figuresOf,
  giveAnswer,
  loadPublished,
  readResults,
} from './assessment-helpers';
import { useServerAndBrowser } from './flows';

const { fresh } = useServerAndBrowser();

const HEADER = 'date,action,asset,quantity,price,fees,amount,ratio';
// a fund bought, its reported income added, split 2 for 1, half sold and some bought back within
// 30 days, the rest sold after 30 October 2024; a cryptoasset bought and part sold
const GOOD = [
  HEADER,
  '2023-05-02,BUY,VUSA,100,60,10,,',
  '2023-11-20,ADJUST_COST,VUSA,,,,25,',
  '2024-05-15,SPLIT,VUSA,,,,,2',
  '2024-06-03,SELL,VUSA,50,40,10,,',
  '2024-06-20,BUY,VUSA,20,39,5,,',
  '2024-11-15,SELL,VUSA,100,45,10,,',
  '2025-01-10,BUY,BTC,0.5,30000,20,,',
  '2025-03-31,SELL,BTC,0.2,60000,15,,',
].join('\n');
const BAD = [
  HEADER,
  '2024-01-02,BUY,VUSA,10,55,,,',
  '2024-01-09,BUY,VUSA,ten,55,,,',
  '2024-02-30,SELL,VUSA,5,60,,,',
].join('\n');
const rest = { incomeTaxBandCGT: 'higher', hasPreviousLossesCGT: false, isNonResidentCGT: false };
const trades = [
  { date: '2023-05-02', action: 'BUY', asset: 'VUSA', quantity: 100, price: 60, fees: 10 },
  { date: '2023-11-20', action: 'ADJUST_COST', asset: 'VUSA', amount: 25 },
  { date: '2024-05-15', action: 'SPLIT', asset: 'VUSA', ratio: 2 },
  { date: '2024-06-03', action: 'SELL', asset: 'VUSA', quantity: 50, price: 40, fees: 10 },
  { date: '2024-06-20', action: 'BUY', asset: 'VUSA', quantity: 20, price: 39, fees: 5 },
  { date: '2024-11-15', action: 'SELL', asset: 'VUSA', quantity: 100, price: 45, fees: 10 },
  { date: '2025-01-10', action: 'BUY', asset: 'BTC', quantity: 0.5, price: 30000, fees: 20 },
  { date: '2025-03-31', action: 'SELL', asset: 'BTC', quantity: 0.2, price: 60000, fees: 15 },
];
const answers = {
  assetTypeCGT: 'uk_listed_shares',
  hasShareTradesCGT: true,
  shareTradesCGT: trades,
  ...rest,
};

function csvFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'reclaim-csv-')), name);
  writeFileSync(file, text);
  return file;
}

/** From the start to the trades table (the asset, then "trades: yes"). */
async function toTheTable(page: Page) {
  const definition = loadPublished('cgt_assessment');
  await page.goto('/assessment/cgt_assessment');
  await page.locator('.reclaim-survey').waitFor({ timeout: 20_000 });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await giveAnswer(page, definition, 'assetTypeCGT', 'uk_listed_shares');
  await next.click();
  await expect.poll(() => currentQuestion(page)).toBe('hasShareTradesCGT');
  await giveAnswer(page, definition, 'hasShareTradesCGT', true);
  await next.click();
  await expect.poll(() => currentQuestion(page)).toBe('shareTradesCGT');
  return { definition, next, table: page.getByTestId('table-question') };
}

/** Each table's rows as the page shows them (cell texts, one array per row; list items joined by |). */
async function tableRows(page: Page, field: string): Promise<string[][]> {
  const rows = page.getByTestId(`result-field-${field}`).getByTestId('result-table').locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).locator('td');
    const row: string[] = [];
    for (let j = 0; j < (await cells.count()); j++) {
      const cell = cells.nth(j);
      const items = await cell.locator('li').allInnerTexts();
      // on a phone each cell also shows its column's name first: the value is the last span
      row.push(
        items.length > 0
          ? items.map((t) => t.trim()).join(' | ')
          : (await cell.locator('span').last().innerText()).trim(),
      );
    }
    out.push(row);
  }
  return out;
}

describe('share trades in the CGT questionnaire', () => {
  it('typed rows, a refused CSV, an imported CSV, then the engine’s figures (desktop)', async () => {
    const page = await fresh();
    const { definition, next, table } = await toTheTable(page);
    const want = await expected(definition, answers);

    // Next waits for a row; typed rows: every field labelled "Row n, column"
    expect(await next.isDisabled()).toBe(true);
    await table.getByRole('button', { name: 'Add a trade' }).click();
    await page.getByLabel('Row 1, Date').fill('2023-05-02');
    await page.getByLabel('Row 1, Action').selectOption('BUY');
    await page.getByLabel('Row 1, Share, fund or token').fill('VUSA');
    await page.getByLabel('Row 1, Quantity').fill('100');
    await page.getByLabel('Row 1, Price per unit (£)').fill('60');
    await table.getByRole('button', { name: 'Add a trade' }).click();
    await page.getByLabel('Row 2, Date').fill('2024-06-03');
    await page.getByLabel('Row 2, Action').selectOption('SELL');
    await page.getByLabel('Row 2, Share, fund or token').fill('VUSA');
    await page.getByLabel('Row 2, Quantity').fill('50');
    // the price left out: Next names the row and the column
    await next.click();
    await expect
      .poll(() => page.getByTestId('table-problems').innerText())
      .toContain('Row 2, Price per unit (£): Please complete all required fields before proceeding');
    expect(await currentQuestion(page)).toBe('shareTradesCGT');

    // a file with bad lines changes nothing and names each line
    await page.getByLabel('CSV file').setInputFiles(csvFile('broker.csv', BAD));
    const refused = page.getByTestId('table-import-problems');
    await expect.poll(() => refused.innerText()).toContain('broker.csv was not imported');
    expect(await refused.locator('li').allInnerTexts()).toEqual([
      'Line 3, Quantity: Enter a number, like 25000',
      'Line 4, Date: The date must be a real date',
    ]);
    expect(await page.getByLabel('Row 2, Quantity').inputValue()).toBe('50');

    // the good file replaces the rows: the user reviews them in the table
    await page.getByLabel('CSV file').setInputFiles(csvFile('trades.csv', GOOD));
    await expect
      .poll(() => page.getByTestId('table-import-done').innerText())
      .toContain('8 rows imported from trades.csv');
    expect(await page.getByLabel('Row 3, Action').inputValue()).toBe('SPLIT');
    expect(await page.getByLabel('Row 3, Ratio').inputValue()).toBe('2');
    expect(await page.getByLabel('Row 8, Share, fund or token').inputValue()).toBe('BTC');
    await screenshot(page, 'cgt-trades-table-desktop');

    await next.click();
    await expect.poll(() => currentQuestion(page)).not.toBe('shareTradesCGT');
    await completeQuestionnaire(page, definition, answers);
    const review = page.getByTestId('review-step');
    expect(await review.locator('[data-question="shareTradesCGT"]').innerText()).toContain('8 rows');

    // the results the browser worked out are the engine's for these answers
    expect(await readResults(page)).toEqual(figuresOf(want));
    const years = (
      want.facts.shares as {
        taxYears: { taxYear: string; gains: number; losses: number; taxableGain: number; tax: number }[];
      }
    ).taxYears;
    const shownYears = await tableRows(page, 'share_tax_years');
    expect(shownYears.map((r) => [r[0], r[1], r[2], r[5], r[6]])).toEqual(
      years.map((y) => [
        y.taxYear,
        formatMoney(y.gains),
        formatMoney(y.losses),
        formatMoney(y.taxableGain),
        formatMoney(y.tax),
      ]),
    );
    const sales = await tableRows(page, 'share_disposals');
    const disposals = (
      want.facts.shares as { disposals: { date: string; gain: number; legs: { rule: string }[] }[] }
    ).disposals;
    expect(sales).toHaveLength(disposals.length);
    expect(sales.map((r) => r[6])).toEqual(disposals.map((d) => formatMoney(d.gain)));
    // the June sale of 50 (after the 2-for-1 split): 20 bought back on 20 June (the 30-day rule),
    // 30 from the holding of 200 that cost £6,035 with its reported income: £905.25, £905
    expect(sales[0]?.[4]).toBe(
      'Bought within 30 days after: quantity 20, bought on 20 June 2024, cost £785 | Section 104 holding (average cost): quantity 30, cost £905',
    );
    expect(sales[0]?.[6]).toBe('£300');
    // 2024-25: £7,749 of gains, £3,000 exempt; £300 at 20% (before 30 October) and £4,449 at 24%
    expect(shownYears[0]).toEqual(['2024-25', '£7,749', '£0', '£0', '£3,000', '£4,749', '£1,127.76', '£0']);
    const shown = await page.getByTestId('results-view').innerText();
    const problems = clientTextProblems(shown.split('\n'), { factNames: definitionFactNames(definition) })
      .map((p) => p.problem)
      .filter((p) => !/UNCONFIRMED|ISO date/.test(p));
    expect(problems).toEqual([]);
    await screenshot(page, 'cgt-trades-results-desktop');
    // the two tables as a person reads them (the full page is long)
    for (const field of ['share_tax_years', 'share_disposals'])
      await page
        .getByTestId(`result-field-${field}`)
        .screenshot({ path: join(artifactsDir, 'screenshots', `cgt-trades-${field}-desktop.png`) });
  });

  it('on a phone: each trade a card with labelled fields, the CSV upload, readable results', async () => {
    const page = await fresh(PHONE);
    const { definition, next } = await toTheTable(page);
    const want = await expected(definition, answers);
    await page.getByLabel('CSV file').setInputFiles(csvFile('trades.csv', GOOD));
    await expect.poll(() => page.getByTestId('table-import-done').innerText()).toContain('8 rows imported');
    // every field shows its column's name on a phone, and nothing is wider than the screen
    expect(await page.getByLabel('Row 8, Share, fund or token').isVisible()).toBe(true);
    expect(await page.locator('li[data-row="8"] label').first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'cgt-trades-table-phone');
    await next.click();
    await completeQuestionnaire(page, definition, answers);
    expect(await readResults(page)).toEqual(figuresOf(want));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'cgt-trades-results-phone');
    await page
      .getByTestId('result-field-share_disposals')
      .screenshot({ path: join(artifactsDir, 'screenshots', 'cgt-trades-share_disposals-phone.png') });
  });
});
