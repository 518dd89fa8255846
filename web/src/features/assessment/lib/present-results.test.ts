// A table result field as the results page shows it: the definition's columns, each cell in its
// column's format, a nested list of items one line each.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from '@reclaim/engine';
import { definitionFile } from '../testing/definitions';
import { formatField, presentResults } from './present-results';

describe('table result fields', () => {
  it('formats cells by column: money, number, date, labels for codes, nested items as lines', () => {
    const content = formatField(
      'table',
      [
        {
          date: '2024-06-03',
          quantity: 1500.5,
          cost: 2930.5,
          legs: [
            { rule: '30-day', quantity: 10, cost: 150, on: '2024-07-03' },
            { rule: 'pool', quantity: 5 },
          ],
        },
      ],
      [
        { key: 'date', label: 'Sold on', format: 'date' },
        { key: 'quantity', label: 'Quantity', format: 'number' },
        { key: 'cost', label: 'Cost', format: 'money' },
        {
          key: 'legs',
          label: 'Matched with',
          columns: [
            {
              key: 'rule',
              label: 'Rule',
              labels: { '30-day': 'Bought within 30 days after', pool: 'Section 104 holding' },
            },
            { key: 'quantity', label: 'Quantity', format: 'number' },
            { key: 'on', label: 'Bought on', format: 'date' },
            { key: 'cost', label: 'Cost', format: 'money' },
          ],
        },
      ],
    );
    expect(content).toEqual({
      kind: 'table',
      columns: [
        { key: 'date', label: 'Sold on' },
        { key: 'quantity', label: 'Quantity' },
        { key: 'cost', label: 'Cost' },
        { key: 'legs', label: 'Matched with' },
      ],
      rows: [
        [
          { text: '3 June 2024' },
          { text: '1,500.5' },
          { text: '£2,930.50' },
          {
            lines: [
              'Bought within 30 days after: quantity 10, bought on 3 July 2024, cost £150',
              'Section 104 holding: quantity 5',
            ],
          },
        ],
      ],
    });
    expect(formatField('table', [], [{ key: 'a', label: 'A' }])).toBeNull();
  });

  it('shows CGT v3’s trades as the definition lays them out (HS284 Example 3)', async () => {
    const definition = definitionFile('cgt_assessment/v3.json').load();
    const evaluation = await evaluateAssessment({
      definition,
      asOf: '2026-11-29',
      answers: {
        shareTradesCGT: [
          { date: '2014-04-01', action: 'BUY', asset: 'Lobster', quantity: 1000, price: 4, fees: 150 },
          { date: '2017-09-01', action: 'BUY', asset: 'Lobster', quantity: 500, price: 4.1, fees: 80 },
          { date: '2018-05-01', action: 'SELL', asset: 'Lobster', quantity: 700, price: 4.8, fees: 100 },
          { date: '2019-02-01', action: 'SELL', asset: 'Lobster', quantity: 400, price: 5.2, fees: 105 },
        ],
      },
    });
    const shown = presentResults(evaluation);
    const sales = shown.fields.details.find((f) => f.name === 'share_disposals');
    expect(sales?.content).toMatchObject({
      kind: 'table',
      rows: [
        [
          { text: '1 May 2018' },
          { text: 'Lobster' },
          { text: '700' },
          { text: '£3,260' },
          { lines: ['Section 104 holding (average cost): quantity 700, cost £2,931'] },
          { text: '£2,931' },
          { text: '£329' },
        ],
        [
          { text: '1 February 2019' },
          { text: 'Lobster' },
          { text: '400' },
          { text: '£1,975' },
          { lines: ['Section 104 holding (average cost): quantity 400, cost £1,675'] },
          { text: '£1,675' },
          { text: '£300' },
        ],
      ],
    });
    // no tax (within the £11,700): Unlikely, and the years still show with the sales
    expect(shown.likelihood).toBe('Unlikely');
    const years = shown.fields.details.find((f) => f.name === 'share_tax_years');
    expect(years?.content).toMatchObject({
      kind: 'table',
      rows: [
        [
          { text: '2018-19' },
          { text: '£629' },
          { text: '£0' },
          { text: '£0' },
          { text: '£629' },
          { text: '£0' },
          { text: '£0' },
          { text: '£0' },
        ],
      ],
    });
  });
});
