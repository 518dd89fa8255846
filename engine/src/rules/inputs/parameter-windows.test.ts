// Inputs that read a statutory window from a dated parameter (`"months": { "param": … }`,
// `"days": { "param": … }`): the window lives once, in the parameter set.
import { describe, expect, it } from 'vitest';
import { loadDefinition } from '../../definitions/load-definition';
import { DefinitionError } from '../../definitions/definition-error';
import { evaluateAssessment } from '../evaluate-assessment';
import { changedParameterRefs, definitionCoverage } from '../../testing/coverage';
import { miniDefinition, miniParameters } from '../__fixtures__/mini-definition';
import type { AssessmentDefinition, InputSpec, ParameterSet } from '../../types';

const windows: ParameterSet = {
  id: 'windows',
  title: 'Time limits',
  sources: { W1: { title: 'Test Act s1', url: 'https://example.org/w1' } },
  parameters: {
    'amend.window': {
      description: 'Months after the filing date to amend',
      unit: 'months',
      values: [
        { from: '2000-01-01', to: '2018-12-31', value: 3, source: 'W1' },
        { from: '2019-01-01', to: null, value: 12, source: 'W1' },
      ],
    },
    'filing.days': {
      description: 'Days after the purchase to file',
      unit: 'days',
      values: [
        { from: '2000-01-01', to: '2019-02-28', value: 30, source: 'W1' },
        { from: '2019-03-01', to: null, value: 14, source: 'W1' },
      ],
    },
  },
};

const copy = (): AssessmentDefinition => JSON.parse(JSON.stringify(miniDefinition)) as AssessmentDefinition;

function withWindows(extraInputs: InputSpec[] = DEADLINE_INPUTS): AssessmentDefinition {
  const def = copy();
  def.inputs.push(...extraInputs);
  def.parameters = [
    ...(def.parameters ?? []),
    { name: 'filingDays', set: 'windows', key: 'filing.days', by: 'date', dateFact: 'purchaseDate' },
    { name: 'amendWindow', set: 'windows', key: 'amend.window', by: 'date', dateFact: 'purchaseDate' },
  ];
  def.resultFields = {
    ...def.resultFields,
    filing_date: { from: 'facts.filingDate' },
    amend_by: { from: 'facts.amendBy' },
  };
  def.tests = [];
  return def;
}

const DEADLINE_INPUTS: InputSpec[] = [
  { name: 'filingDate', kind: 'addDays', from: 'purchaseDate', days: { param: 'filingDays' } },
  { name: 'amendBy', kind: 'addMonths', from: 'filingDate', months: { param: 'amendWindow' } },
];

const answers = (purchaseDateQ: string) => ({
  propertyType: 'Residential',
  purchaseDateQ,
  priceQ: 300000,
  hasAnnexeQ: false,
});

function issuesOf(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof DefinitionError) return error.issues;
    throw error;
  }
  throw new Error('expected a DefinitionError');
}

describe('an input reads its window from a dated parameter', () => {
  const sets = [miniParameters, windows];

  it('uses the value in force on the ref date, and the trace shows it with its source', async () => {
    const definition = loadDefinition(withWindows(), { parameterSets: sets });
    const now = await evaluateAssessment({ definition, answers: answers('2024-06-01'), asOf: '2026-11-29' });
    expect(now.facts.filingDate).toBe('2024-06-15');
    expect(now.facts.amendBy).toBe('2025-06-15');
    expect(now.trace.parameters).toContainEqual(
      expect.objectContaining({
        name: 'amendWindow',
        set: 'windows',
        key: 'amend.window',
        value: 12,
        source: 'W1',
      }),
    );
    // the earlier periods: 30 days to file, 3 months to amend
    const old = await evaluateAssessment({ definition, answers: answers('2018-06-01'), asOf: '2026-11-29' });
    expect(old.facts.filingDate).toBe('2018-07-01');
    expect(old.facts.amendBy).toBe('2018-10-01');
  });

  it('moves the deadline when the parameter set changes (no literal left in the definition)', async () => {
    const changed: ParameterSet = JSON.parse(JSON.stringify(windows)) as ParameterSet;
    changed.parameters['amend.window']!.values[1]!.value = 24;
    changed.parameters['filing.days']!.values[1]!.value = 30;
    const definition = loadDefinition(withWindows(), { parameterSets: [miniParameters, changed] });
    const result = await evaluateAssessment({
      definition,
      answers: answers('2024-06-01'),
      asOf: '2026-11-29',
    });
    expect(result.facts.filingDate).toBe('2024-07-01');
    expect(result.facts.amendBy).toBe('2026-07-01');
  });

  it('leaves the date out, and lists the parameter as missing, when no value is in force', async () => {
    const definition = loadDefinition(withWindows(), { parameterSets: sets });
    const result = await evaluateAssessment({
      definition,
      answers: answers('1999-06-01'),
      asOf: '2026-11-29',
    });
    expect(result.facts).not.toHaveProperty('filingDate');
    expect(result.facts).not.toHaveProperty('amendBy');
    expect(result.trace.missing).toContain('filingDays');
  });

  it('works when the caller gives the inputs directly', async () => {
    const definition = loadDefinition(withWindows(), { parameterSets: sets });
    const result = await evaluateAssessment({
      definition,
      inputs: { purchaseDate: '2024-06-01', propertyKind: 'residential', purchaseValue: 300000 },
      asOf: '2026-11-29',
    });
    expect(result.facts.amendBy).toBe('2025-06-15');
  });
});

describe('load checks of a parameter read by an input', () => {
  const sets = [miniParameters, windows];

  it('names an unknown parameter', () => {
    const issues = issuesOf(() =>
      loadDefinition(
        withWindows([
          { name: 'amendBy', kind: 'addMonths', from: 'purchaseDate', months: { param: 'nope' } },
        ]),
        { parameterSets: sets },
      ),
    );
    const at = withWindows().inputs.length - 2;
    expect(issues).toContainEqual({
      path: `/inputs/${at}/months/param`,
      message: 'unknown parameter "nope" (not in parameters[])',
    });
  });

  it('refuses a parameter dated by a later input, and one of another unit', () => {
    const def = withWindows([
      { name: 'early', kind: 'addMonths', from: 'purchaseDate', months: { param: 'late' } },
      { name: 'wrongUnit', kind: 'addDays', from: 'purchaseDate', days: { param: 'amendWindow' } },
      { name: 'laterDate', kind: 'answer', from: 'purchaseDateQ' },
    ]);
    def.parameters!.push({
      name: 'late',
      set: 'windows',
      key: 'amend.window',
      by: 'date',
      dateFact: 'laterDate',
    });
    const messages = issuesOf(() => loadDefinition(def, { parameterSets: sets })).map((i) => i.message);
    expect(messages).toContain(
      'parameter "late" is dated by "laterDate", which is not asOf or an input before this one',
    );
    expect(messages).toContain('parameter "amendWindow" (windows amend.window) is in months, not days');
  });

  it('is refused by the schema when the reference is not a name', () => {
    const def = withWindows([
      {
        name: 'x',
        kind: 'addMonths',
        from: 'purchaseDate',
        months: { param: 12 } as unknown as { param: string },
      },
    ]);
    const issues = issuesOf(() => loadDefinition(def, { parameterSets: sets }));
    expect(issues.some((i) => i.path.startsWith(`/inputs/${def.inputs.length - 1}/months`))).toBe(true);
  });
});

describe('the release gate counts a window moved into a parameter as a parameter reference', () => {
  it('lists the ref an input now reads, and a passing test that reads it covers it', async () => {
    const before = withWindows([
      { name: 'filingDate', kind: 'addDays', from: 'purchaseDate', days: 14 },
      { name: 'amendBy', kind: 'addMonths', from: 'filingDate', months: 12 },
    ]);
    const after = withWindows();
    expect(changedParameterRefs(before, after).map((r) => r.name)).toEqual(['filingDays', 'amendWindow']);
    after.tests = [
      {
        name: 'amendment date',
        answers: answers('2024-06-01'),
        asOf: '2026-11-29',
        expect: { 'facts.amendBy': '2025-06-15' },
      },
    ];
    const coverage = await definitionCoverage(
      loadDefinition(after, { parameterSets: [miniParameters, windows] }),
      before,
    );
    expect(coverage.items.filter((i) => i.kind === 'parameter')).toEqual([
      expect.objectContaining({ id: 'windows/filing.days', coveredBy: ['amendment date'] }),
      expect.objectContaining({ id: 'windows/amend.window', coveredBy: ['amendment date'] }),
    ]);
  });
});
