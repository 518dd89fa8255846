// A broker's CSV into a table question: all or nothing, every bad line named, bounded.
import { describe, expect, it } from 'vitest';
import { definitionFile } from '../testing/definitions';
import { importTableCsv, MAX_LISTED_PROBLEMS } from './csv-import';

const cgt = definitionFile('cgt_assessment/v3.json').load();
const trades = cgt.questionnaire.questions.find((q) => q.id === 'shareTradesCGT');
if (!trades) throw new Error('no shareTradesCGT');
const header = 'date,action,asset,quantity,price,fees,amount,ratio';
const asOf = '2026-11-29';

describe('importTableCsv', () => {
  it('turns the template columns into rows: numbers as numbers, options by value, blanks left out', () => {
    const csv = [
      header,
      '2023-04-14,BUY,VUSA,100,62.10,9.95,,',
      '',
      '2023-09-01,adjust_cost,VUSA,,,,"-12.40",',
      '05/02/2024,Split or consolidation,VUSA,,,,,2',
      '2024-06-03,SELL,VUSA,"1,050",£38.75,9.95,,',
    ].join('\r\n');
    expect(importTableCsv(trades, csv, asOf)).toEqual({
      kind: 'rows',
      rows: [
        { date: '2023-04-14', action: 'BUY', asset: 'VUSA', quantity: 100, price: 62.1, fees: 9.95 },
        { date: '2023-09-01', action: 'ADJUST_COST', asset: 'VUSA', amount: -12.4 },
        { date: '2024-02-05', action: 'SPLIT', asset: 'VUSA', ratio: 2 },
        { date: '2024-06-03', action: 'SELL', asset: 'VUSA', quantity: 1050, price: 38.75, fees: 9.95 },
      ],
    });
  });

  it('accepts the columns in any order and a byte-order mark', () => {
    const csv = '\uFEFFasset,date,action,quantity,price\nBTC,2024-01-01,BUY,0.5,30000';
    expect(importTableCsv(trades, csv, asOf)).toEqual({
      kind: 'rows',
      rows: [{ asset: 'BTC', date: '2024-01-01', action: 'BUY', quantity: 0.5, price: 30000 }],
    });
  });

  it('refuses the whole file and names every bad line by its line number', () => {
    const csv = [
      header,
      '2024-01-02,BUY,VUSA,100,62.10,,,', // fine
      '2024-02-30,BUY,VUSA,100,62.10,,,', // line 3: no such date
      '2024-03-01,GIFT,VUSA,100,62.10,,,', // line 4: not an action
      '2024-03-02,SELL,VUSA,lots,62.10,,,', // line 5: not a number
      '2024-03-03,SPLIT,VUSA,,,,,', // line 6: a split needs its ratio
      '2030-01-01,BUY,VUSA,1,1,,,', // line 7: in the future
    ].join('\n');
    expect(importTableCsv(trades, csv, asOf)).toEqual({
      kind: 'problems',
      problems: [
        'Line 3, Date: The date must be a real date',
        'Line 4, Action: Select one of the options',
        'Line 5, Quantity: Enter a number, like 25000',
        'Line 6, Ratio: Please complete all required fields before proceeding',
        'Line 7, Date: The date must be today or in the past',
      ],
      more: 0,
    });
  });

  it('names a header it cannot use, and lines with too many values', () => {
    expect(importTableCsv(trades, 'when,what,asset\n2024-01-01,BUY,X', asOf)).toEqual({
      kind: 'problems',
      problems: [
        'Line 1: "when", "what" are not columns: use date,action,asset,quantity,price,fees,amount,ratio',
        'Line 1 has no date, action column',
      ],
      more: 0,
    });
    expect(importTableCsv(trades, 'date,action,asset\n2024-01-01,BUY,X,1,2', asOf)).toMatchObject({
      kind: 'problems',
      problems: ['Line 2 has 5 values for 3 columns'],
    });
    expect(importTableCsv(trades, `${header}\n\n`, asOf)).toMatchObject({
      problems: ['The file has no rows under its header line'],
    });
  });

  it('is bounded: at most the table’s rows, the file’s bytes, and the problems listed', () => {
    const line = '2024-01-02,BUY,VUSA,1,1,,,';
    const most = [header, ...Array.from({ length: 2000 }, () => line)].join('\n');
    expect(importTableCsv(trades, most, asOf)).toMatchObject({ kind: 'rows' });
    expect(importTableCsv(trades, `${most}\n${line}`, asOf)).toEqual({
      kind: 'problems',
      problems: ['The file has more than 2,000 rows: split it or remove old lines'],
      more: 0,
    });
    const big = `${header}\n${'2024-01-02,BUY,' + 'X'.repeat(600_000) + ',1,1,,,'}`;
    expect(importTableCsv(trades, big, asOf)).toEqual({
      kind: 'problems',
      problems: ['The file is too large: choose a CSV file of at most 500 KB'],
      more: 0,
    });
    const bad = [header, ...Array.from({ length: 80 }, () => '2024-01-02,BUY,VUSA,-1,1,,,')].join('\n');
    const refused = importTableCsv(trades, bad, asOf);
    expect(refused).toMatchObject({ kind: 'problems', more: 80 - MAX_LISTED_PROBLEMS });
    if (refused.kind === 'problems') expect(refused.problems).toHaveLength(MAX_LISTED_PROBLEMS);
  });
});
