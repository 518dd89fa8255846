// The condition builder's two-way mapping and sentences over real definition conditions.
import { describe, expect, it } from 'vitest';
import type { Condition } from '@reclaim/engine';
import sdlt from '../../../../../../definitions/assessments/sdlt_refund/v2.json';
import { questionConditionFields, ruleFields, type Draft } from './model';
import { conditionSentence, fromQuery, fromQueryLoose, toQuery, type FactField } from './conditions';

const fields: FactField[] = [
  {
    name: 'propertyTypeSDR',
    label: 'What type of property did you buy?',
    options: ['Residential', 'Commercial'].map((v) => ({ value: v, label: v })),
  },
  {
    name: 'firstTimeBuyerSDR',
    label: 'First-time buyer',
    options: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
  { name: 'purchaseValue', label: 'Purchase price', kind: 'number' },
  { name: 'purchaseDate', label: 'Purchase date', kind: 'date' },
  { name: 'cutoff12Months', label: '12 months before the assessment', kind: 'date' },
];

function allConditions(node: unknown, out: Condition[] = []): Condition[] {
  if (Array.isArray(node)) node.forEach((n) => allConditions(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (
        (key === 'conditions' || key === 'condition' || key === 'when') &&
        value &&
        typeof value === 'object'
      )
        out.push(value as Condition);
      allConditions(value, out);
    }
  }
  return out;
}

describe('condition mapping', () => {
  it('maps every condition of the SDLT definition to a query and back unchanged', () => {
    const conditions = allConditions(sdlt);
    expect(conditions.length).toBeGreaterThan(10);
    for (const condition of conditions) {
      const draft = sdlt as unknown as Draft;
      const known = [
        ...questionConditionFields(draft, draft.questionnaire.questions.length),
        ...ruleFields(draft, 'approach'),
      ];
      const back = fromQueryLoose(toQuery(condition), known);
      const expected = condition;
      // A group of one bare fact is written back as the bare fact: same meaning.
      const normal = (c: Condition | undefined) =>
        c && 'all' in c && c.all.length === 1 && 'fact' in c.all[0]! ? c.all[0] : c;
      expect(normal(back)).toEqual(normal(expected));
    }
  });

  it('keeps booleans and numbers typed, facts as fact references, lists as lists', () => {
    const condition: Condition = {
      any: [
        { fact: 'firstTimeBuyerSDR', operator: 'equal', value: true },
        { fact: 'purchaseValue', operator: 'greaterThanInclusive', value: 250000 },
        { fact: 'purchaseDate', operator: 'dateOnOrAfter', value: { fact: 'cutoff12Months' } },
        { not: { fact: 'propertyTypeSDR', operator: 'in', value: ['Residential', 'Commercial'] } },
        { fact: 'propertyTypeSDR', operator: 'isAnswered', value: false },
      ],
    };
    const query = toQuery(condition);
    expect(query.combinator).toBe('or');
    // The builder edits strings; the mapping gives the types back.
    expect(fromQuery(query, fields)).toEqual(condition);
  });

  it('builds a new Yes/No condition from what the builder gives', () => {
    const condition = fromQuery(
      { combinator: 'and', rules: [{ field: 'firstTimeBuyerSDR', operator: 'equal', value: 'true' }] },
      fields,
    );
    expect(condition).toEqual({ all: [{ fact: 'firstTimeBuyerSDR', operator: 'equal', value: true }] });
    expect(fromQueryLoose({ combinator: 'and', rules: [] }, fields)).toBeUndefined();
  });

  it('reads a condition as a plain-English sentence', () => {
    expect(
      conditionSentence(
        {
          all: [
            { fact: 'propertyTypeSDR', operator: 'equal', value: 'Residential' },
            {
              any: [
                { fact: 'firstTimeBuyerSDR', operator: 'equal', value: true },
                { fact: 'purchaseValue', operator: 'greaterThan', value: 500000 },
              ],
            },
            { fact: 'purchaseDate', operator: 'dateOnOrAfter', value: { fact: 'cutoff12Months' } },
          ],
        },
        fields,
      ),
    ).toBe(
      '“What type of property did you buy?” is Residential and (“First-time buyer” is Yes or “Purchase price” is more than 500000) and “Purchase date” is on or after “12 months before the assessment”',
    );
    expect(conditionSentence(undefined, fields)).toBe('Always');
  });
});
