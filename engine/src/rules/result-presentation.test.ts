// The definition-driven parts of a results page (D8, issue "results a visitor can trust"):
// eligibility overrides (knock-outs and decisive facts), a fixed complexity's reason, the value's
// label and note, "what would change it", result-field presentation checks and date/money texts.
import { describe, expect, it } from 'vitest';
import { evaluateAssessment } from './evaluate-assessment';
import { loadDefinition } from '../definitions/load-definition';
import { DefinitionError } from '../definitions/definition-error';
import { formatCurrency, formatDate, formatMoney, fillTemplate } from './stages/fill-template';
import { miniDefinition, miniParameters } from './__fixtures__/mini-definition';
import type { AssessmentDefinition } from '../types';

const asOf = '2025-06-01';
const likelyAnswers = { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 };

function withChanges(change: (def: AssessmentDefinition) => void) {
  const copy = structuredClone(miniDefinition);
  change(copy);
  return loadDefinition(copy, { parameterSets: [miniParameters] });
}

function issuesOf(change: (def: AssessmentDefinition) => void): string[] {
  try {
    withChanges(change);
  } catch (err) {
    if (err instanceof DefinitionError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
  return [];
}

const knockOut = (def: AssessmentDefinition) => {
  def.eligibility.overrides = [
    {
      id: 'price-too-low',
      description: 'A price under £700,000 ends eligibility',
      likelihood: 'Unlikely',
      conditions: { all: [{ fact: 'purchaseValue', operator: 'lessThan', value: 700000 }] },
      reason: 'A price of {{purchaseValue|currency}} is under the £700,000 this relief needs',
      whatWouldChange: 'A purchase of £700,000 or more',
    },
    {
      id: 'never-reached',
      description: 'Second override',
      likelihood: 'Likely',
      conditions: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 0 }] },
      reason: 'Any price',
    },
  ];
  def.recommendation.whatWouldChange = 'Answers showing a recent mixed-use purchase';
};

describe('eligibility overrides', () => {
  it('a knock-out decides the likelihood whatever the points, and its reason is the only one', async () => {
    const r = await evaluateAssessment({ definition: withChanges(knockOut), answers: likelyAnswers, asOf });
    expect(r.eligibility.score).toBe(90); // the spec's points still stand
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.eligibility.reasons).toEqual(['A price of £600,000 is under the £700,000 this relief needs']);
    expect(r.eligibility.override).toEqual({
      id: 'price-too-low',
      reason: 'A price of £600,000 is under the £700,000 this relief needs',
      whatWouldChange: 'A purchase of £700,000 or more',
    });
    expect(r.recommendation.whatWouldChange).toBe('A purchase of £700,000 or more');
    const traced = r.trace.rules.filter((t) => t.stage === 'override');
    // the first that holds stops the run, so later overrides are not evaluated
    expect(traced.map((t) => [t.id, t.matched, t.counted])).toEqual([['price-too-low', true, true]]);
  });

  it('the first override that holds wins; a decisive Likely keeps the point reasons after its own', async () => {
    const def = withChanges((d) => {
      knockOut(d);
      d.eligibility.overrides = d.eligibility.overrides?.slice(1);
    });
    const r = await evaluateAssessment({
      definition: def,
      answers: { propertyType: 'Residential', priceQ: 100000 },
      asOf,
    });
    expect(r.eligibility.likelihood).toBe('Likely');
    expect(r.eligibility.reasons[0]).toBe('Any price');
    expect(r.eligibility.override?.id).toBe('never-reached');
    expect(r.recommendation.whatWouldChange).toBeUndefined();
  });

  it('without a matching override the bands decide and nothing is added', async () => {
    const r = await evaluateAssessment({
      definition: withChanges(knockOut),
      answers: { ...likelyAnswers, priceQ: 900000 },
      asOf,
    });
    expect(r.eligibility.override).toEqual({ id: 'never-reached', reason: 'Any price' });
    const plain = await evaluateAssessment({
      definition: withChanges(() => undefined),
      answers: likelyAnswers,
      asOf,
    });
    expect(plain.eligibility.override).toBeUndefined();
  });

  it('an Unlikely result without an override says the definition’s "what would change it"', async () => {
    const r = await evaluateAssessment({
      definition: withChanges(knockOut),
      answers: { propertyType: 'Residential' },
      asOf,
    });
    expect(r.eligibility.likelihood).toBe('Unlikely');
    expect(r.eligibility.override).toBeUndefined();
    expect(r.recommendation.whatWouldChange).toBe('Answers showing a recent mixed-use purchase');
  });

  it('override conditions may read the score; unknown facts and duplicate ids are refused', () => {
    expect(
      issuesOf((d) => {
        knockOut(d);
        const first = d.eligibility.overrides?.[0];
        if (first)
          first.conditions = { all: [{ fact: 'eligibilityScore', operator: 'lessThan', value: 50 }] };
      }),
    ).toEqual([]);
    expect(
      issuesOf((d) => {
        knockOut(d);
        const [first, second] = d.eligibility.overrides ?? [];
        if (first && second) {
          second.id = first.id;
          first.conditions = { all: [{ fact: 'serviceApproach', operator: 'equal', value: 'x' }] };
          first.reason = 'Reads {{valueMedian|currency}}';
        }
      }),
    ).toEqual([
      '/eligibility/overrides/1/id: duplicate rule id "price-too-low"',
      '/eligibility/overrides/0/conditions/all/0/fact: unknown fact "serviceApproach"',
      '/eligibility/overrides/0/reason: template reads unknown fact "valueMedian"',
    ]);
  });
});

describe('calculation sentences with `when`', () => {
  it('give the client sentence only when the condition holds; the value is traced either way', async () => {
    const def = withChanges((d) => {
      const relief = d.calculations?.[0];
      if (relief) relief.when = { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 700000 }] };
      const base = d.value.calculations?.[0];
      if (base) base.when = { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 0 }] };
    });
    const calc = async (priceQ: number, id: string) =>
      (
        await evaluateAssessment({ definition: def, answers: { ...likelyAnswers, priceQ }, asOf })
      ).trace.calculations.find((c) => c.id === id);
    expect(await calc(600000, 'relief')).not.toHaveProperty('text');
    expect((await calc(600000, 'relief'))?.value).toBeGreaterThan(0);
    expect((await calc(800000, 'relief'))?.text).toBe('Relief at the dated rate');
    expect((await calc(600000, 'baseRefund'))?.text).toBe('Value × rate');
    expect(
      issuesOf((d) => {
        const relief = d.calculations?.[0];
        if (relief) relief.when = { all: [{ fact: 'nowhere', operator: 'equal', value: 1 }] };
      }),
    ).toEqual(['/calculations/0/when/all/0/fact: unknown fact "nowhere"']);
  });
});

describe('texts the results page shows from the definition', () => {
  it('a fixed complexity gives its reason, and the value its label and note', async () => {
    const def = withChanges((d) => {
      d.complexity = {
        fixed: {
          complexityScore: 80,
          complexityLevel: 'High',
          reason: 'Every claim needs a specialist review of {{purchaseValue|currency}}',
        },
        potential: d.complexity.potential,
      };
      d.approach.rules = d.approach.rules.filter((r) => !JSON.stringify(r).includes('heavyFlags'));
      d.value.label = 'Estimated refund per year';
      d.value.note = 'Assumes {{rate|rate}} of the price';
    });
    const r = await evaluateAssessment({ definition: def, answers: likelyAnswers, asOf });
    expect(r.complexity.fixedReason).toBe('Every claim needs a specialist review of £600,000');
    expect(r.value.label).toBe('Estimated refund per year');
    expect(r.value.note).toBe('Assumes 4% of the price');
  });

  it('a shown result field needs a label; its condition reads known facts', () => {
    expect(
      issuesOf((d) => {
        d.resultFields = {
          shown: { from: 'value.estimates.median', format: 'money', place: 'value' },
          hidden: { from: 'eligibility.likelihood', place: 'hidden' },
          guarded: {
            from: 'facts.relief',
            label: 'Relief',
            format: 'money',
            when: { all: [{ fact: 'nope', operator: 'equal', value: 1 }] },
          },
        };
      }),
    ).toEqual([
      '/resultFields/shown/label: a result field that is shown needs a label',
      '/resultFields/guarded/when/all/0/fact: unknown fact "nope"',
    ]);
  });
});

describe('money and dates in client texts', () => {
  it('exact money shows pence only where they exist; estimates round to the pound', () => {
    expect(formatMoney(12345)).toBe('£12,345');
    expect(formatMoney(4387.5)).toBe('£4,387.50');
    expect(formatMoney(0.29)).toBe('£0.29');
    expect(formatMoney(1234567.891)).toBe('£1,234,567.89');
    expect(formatMoney(-1500)).toBe('-£1,500');
    expect(formatMoney(-0.001)).toBe('£0');
    expect(fillTemplate('{{x|money}}', { x: 4387.5 })).toBe('£4,387.50');
    expect(formatCurrency(27999.99)).toBe('£28,000');
    expect(fillTemplate('{{x|currency}}', { x: 4387.5 })).toBe('£4,388');
  });

  it('dates read as people write them', () => {
    expect(formatDate('2023-05-10')).toBe('10 May 2023');
    expect(formatDate('2020-12-01')).toBe('1 December 2020');
    expect(formatDate('not a date')).toBe('not a date');
    expect(fillTemplate('You bought on {{d|date}}', { d: '2023-05-10' })).toBe('You bought on 10 May 2023');
  });
});

describe('result field views: how each field is shown, decided with the evaluation', () => {
  it('a field without presentation gets a label from its name and a format from its source; card duplicates are hidden', async () => {
    const r = await evaluateAssessment({
      definition: withChanges(() => undefined),
      answers: likelyAnswers,
      asOf,
    });
    expect(r.resultFieldViews).toEqual([
      { name: 'mini_eligible', label: 'Eligible', format: 'yesNo', place: 'hidden', derived: true },
      {
        name: 'mini_complexity_out_of_10',
        label: 'Complexity out of 10',
        format: 'scoreOutOf10',
        place: 'hidden',
        derived: true,
      },
      { name: 'mini_refund', label: 'Refund', format: 'money', place: 'hidden', derived: true },
      { name: 'mini_notes', label: 'Notes', format: 'list', place: 'details', derived: true },
      { name: 'mini_relief', label: 'Relief', format: 'money', place: 'details', derived: true },
    ]);
  });

  it('a declared field keeps its label, format, place and empty text; `when` hides it', async () => {
    const def = withChanges((d) => {
      d.resultFields = {
        relief: { from: 'facts.relief', label: 'Relief you could claim', format: 'money', place: 'value' },
        notes: { from: 'lists.notes', label: 'Notes', format: 'list', place: 'approach', emptyText: 'None' },
        onlyBig: {
          from: 'facts.purchaseValue',
          label: 'Price',
          format: 'money',
          when: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 1000000 }] },
        },
        stored: { from: 'eligibility.score', place: 'hidden' },
      };
    });
    const r = await evaluateAssessment({ definition: def, answers: likelyAnswers, asOf });
    expect(r.resultFieldViews).toEqual([
      { name: 'relief', label: 'Relief you could claim', format: 'money', place: 'value' },
      { name: 'notes', label: 'Notes', format: 'list', place: 'approach', emptyText: 'None' },
      { name: 'onlyBig', label: 'Price', format: 'money', place: 'hidden' },
      { name: 'stored', label: 'Stored', format: 'number', place: 'hidden', derived: true },
    ]);
  });

  it('every rule, flag and calculation of the trace carries its filled text for the client', async () => {
    const def = withChanges((d) => {
      const rule = 'rules' in d.eligibility ? d.eligibility.rules[0] : undefined;
      if (rule) rule.reason = 'You bought on {{purchaseDate|date}}: a recent purchase';
      const calc = d.calculations?.[0];
      if (calc) calc.description = 'Relief on {{purchaseValue|currency}}';
    });
    const r = await evaluateAssessment({ definition: def, answers: likelyAnswers, asOf });
    const first = r.trace.rules.find((t) => t.stage === 'eligibility');
    expect(first?.text).toBe('You bought on 1 September 2024: a recent purchase');
    expect(r.eligibility.reasons[0]).toBe('You bought on 1 September 2024: a recent purchase');
    expect(r.trace.calculations.find((c) => c.id === 'relief')?.text).toBe('Relief on £600,000');
    // the engine's own summary figures are adviser detail: no client text
    expect(r.trace.calculations.filter((c) => c.id.startsWith('potential')).map((c) => c.text)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const parameter = r.trace.parameters[0];
    expect(typeof parameter?.description).toBe('string');
    expect(typeof parameter?.unit).toBe('string');
  });
});
