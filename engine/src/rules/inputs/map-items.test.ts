import { describe, expect, it } from 'vitest';
import { computeInputs } from './compute-inputs';
import { evaluateExpression } from '../expressions/evaluate-expression';
import type { AssessmentDefinition, Expression, InputSpec } from '../../types';
import { loadDefinition } from '../../definitions/load-definition';
import type { DefinitionError } from '../../definitions/definition-error';
import { miniDefinition, miniParameters } from '../__fixtures__/mini-definition';

const gifts: InputSpec = {
  name: 'rows',
  kind: 'mapItems',
  from: 'giftsTable',
  fields: [
    { name: 'months', kind: 'monthsBetween', from: 'date', to: 'deathDate' },
    {
      name: 'taper',
      kind: 'cases',
      cases: [
        { when: { fact: 'months', operator: 'greaterThanInclusive', value: 48 }, value: 0.4 },
        { when: { fact: 'months', operator: 'greaterThanInclusive', value: 36 }, value: 0.2 },
      ],
      default: 0,
    },
  ],
  where: { all: [{ fact: 'months', operator: 'lessThan', value: 84 }] },
  sortBy: 'date',
  running: [{ name: 'before', of: 'value' }],
};

function rowsOf(answers: Record<string, unknown>, spec: InputSpec = gifts): unknown {
  const inputs = computeInputs({
    definition: { inputs: [{ name: 'deathDate', kind: 'answer', from: 'death' }, spec] },
    answers,
    asOf: '2026-11-29',
  });
  return inputs.rows;
}

describe('mapItems input kind', () => {
  it('computes fields per row over its cells and the facts, keeps rows by where, sorts, and runs totals', () => {
    const rows = rowsOf({
      death: '2026-06-01',
      giftsTable: [
        { date: '2025-01-10', value: 115000 },
        { date: '2019-06-01', value: 99 }, // exactly 7 years: left out
        { date: '2022-09-01', value: 350000 },
      ],
    });
    expect(rows).toEqual([
      { date: '2022-09-01', value: 350000, months: 45, taper: 0.2, before: 0 },
      { date: '2025-01-10', value: 115000, months: 16, taper: 0, before: 350000 },
    ]);
  });

  it('a row a day inside 7 years is kept; ties keep their order; a cell hides a fact', () => {
    const rows = rowsOf({
      death: '2026-06-01',
      giftsTable: [
        { date: '2019-06-02', value: 10, deathDate: '2019-06-03' },
        { date: '2019-06-02', value: 20 },
      ],
    }) as { months: number; value: number; before: number }[];
    expect(rows.map((r) => [r.value, r.months, r.before])).toEqual([
      [10, 0, 0],
      [20, 83, 10],
    ]);
  });

  it('no table → no value; an empty table → no rows; rows that are not objects are skipped', () => {
    expect(rowsOf({ death: '2026-06-01' })).toBeUndefined();
    expect(rowsOf({ death: '2026-06-01', giftsTable: [] })).toEqual([]);
    expect(
      rowsOf({ death: '2026-06-01', giftsTable: [null, 3, [1], { date: '2026-01-01', value: 5 }] }),
    ).toEqual([{ date: '2026-01-01', value: 5, months: 5, taper: 0, before: 0 }]);
  });

  it('reads at most maxRows rows', () => {
    const table = Array.from({ length: 5 }, (_, i) => ({ date: '2026-01-01', value: i }));
    const rows = rowsOf({ death: '2026-06-01', giftsTable: table }, { ...gifts, maxRows: 3 });
    expect((rows as unknown[]).length).toBe(3);
  });
});

describe('sumItems expression', () => {
  // a band used oldest first: each row's part above the band, by the total before it
  const aboveBand: Expression = {
    op: 'sumItems',
    items: 'rows',
    expr: {
      op: 'multiply',
      args: [
        {
          op: 'max',
          args: [
            0,
            {
              op: 'min',
              args: [
                { item: 'value' },
                {
                  op: 'subtract',
                  args: [{ op: 'add', args: [{ item: 'before' }, { item: 'value' }] }, { fact: 'band' }],
                },
              ],
            },
          ],
        },
        { op: 'subtract', args: [1, { item: 'taper' }] },
      ],
    },
  };

  it('sums an expression of each item and the facts', () => {
    const rows = [
      { value: 350000, before: 0, taper: 0.2 },
      { value: 115000, before: 350000, taper: 0 },
    ];
    // 25,000 × 0.8 + 115,000 = 135,000
    expect(evaluateExpression(aboveBand, { facts: { rows, band: 325000 }, params: {} })).toBe(135000);
  });

  it('no array → 0; a missing or non-numeric cell reads 0; an item outside sumItems reads 0', () => {
    expect(evaluateExpression(aboveBand, { facts: { band: 1 }, params: {} })).toBe(0);
    const sum: Expression = { op: 'sumItems', items: 'rows', expr: { item: 'value' } };
    expect(
      evaluateExpression(sum, { facts: { rows: [{ value: 'x' }, {}, { value: '2' }, 7] }, params: {} }),
    ).toBe(2);
    expect(evaluateExpression({ item: 'value' }, { facts: {}, params: {} })).toBe(0);
  });
});

describe('load checks of mapItems and sumItems', () => {
  const table = {
    id: 'rowsQ',
    question: 'Rows',
    type: 'table' as const,
    columns: [
      { id: 'date', label: 'Date', type: 'date' as const },
      { id: 'value', label: 'Value', type: 'currency' as const, min: 0 },
    ],
  };
  function withRows(spec: Record<string, unknown>, expr: Expression): AssessmentDefinition {
    const def = structuredClone(miniDefinition);
    def.questionnaire.questions.push(table);
    def.inputs.push(spec as unknown as InputSpec);
    def.calculations = [...(def.calculations ?? []), { id: 'rowsTotal', description: 'Total', expr }];
    return def;
  }
  const issuesOf = (def: AssessmentDefinition): string[] => {
    try {
      loadDefinition(def, { parameterSets: [miniParameters] });
      return [];
    } catch (error) {
      return (error as DefinitionError).issues.map((i) => `${i.path}: ${i.message}`);
    }
  };
  const sum: Expression = { op: 'sumItems', items: 'rowList', expr: { item: 'value' } };

  it('a definition reading the columns, its fields and facts loads', () => {
    const spec = {
      name: 'rowList',
      kind: 'mapItems',
      from: 'rowsQ',
      fields: [{ name: 'months', kind: 'monthsBetween', from: 'date', to: 'asOf' }],
      where: { all: [{ fact: 'months', operator: 'lessThan', value: 84 }] },
      sortBy: 'date',
      running: [{ name: 'before', of: 'value' }],
    };
    expect(issuesOf(withRows(spec, sum))).toEqual([]);
  });

  it('unknown columns, an unknown items fact and an item outside sumItems are named', () => {
    const spec = {
      name: 'rowList',
      kind: 'mapItems',
      from: 'rowsQ',
      fields: [{ name: 'months', kind: 'monthsBetween', from: 'when', to: 'asOf' }],
      sortBy: 'nope',
      running: [{ name: 'before', of: 'amount' }],
    };
    const problems = issuesOf(
      withRows(spec, { op: 'add', args: [{ item: 'value' }, { op: 'sumItems', items: 'other', expr: 1 }] }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/fields\/0\/from: unknown column, field or fact "when"/),
        expect.stringMatching(/sortBy: unknown column, field or fact "nope"/),
        expect.stringMatching(/running\/0\/of: unknown column, field or fact "amount"/),
        expect.stringMatching(/item: an item cell is read only inside sumItems/),
        expect.stringMatching(/items: unknown fact "other"/),
      ]),
    );
  });

  it('the schema refuses a mapItems without from and a sumItems without expr', () => {
    const problems = issuesOf(
      withRows({ name: 'rowList', kind: 'mapItems' }, {
        op: 'sumItems',
        items: 'rowList',
      } as unknown as Expression),
    );
    expect(problems.length).toBeGreaterThan(0);
  });
});
