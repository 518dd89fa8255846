// The release gate for parameter-set drafts (issue 29 §4): a changed dated value needs a passing
// test that reads that value, from the draft's own tests or the published definitions' tests.
import { describe, expect, it } from 'vitest';
import { loadDefinition } from '../definitions/load-definition';
import { miniDefinition, miniParameters } from '../rules/__fixtures__/mini-definition';
import type { AssessmentDefinition, ParameterSet, ParameterSetTest } from '../types';
import { onlyEnded, parameterSetCoverage } from './coverage';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The fixture definition with its passing test and one on the relief at the rate in force. */
function definition(): AssessmentDefinition {
  const def = clone(miniDefinition);
  def.tests = def.tests.filter((t) => t.name === 'Recent mixed-use purchase is Likely');
  def.tests.push({
    name: 'Relief on £600,000 bought in 2024 is £18,000',
    answers: { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 },
    asOf: '2025-06-01',
    expect: { 'facts.relief': 18000 },
  });
  return def;
}

/** The set with a new relief rate from 6 April 2027 (the period before it ended the day before). */
function withNewPeriod(tests?: ParameterSetTest[]): ParameterSet {
  const set = clone(miniParameters);
  const values = set.parameters['relief.rate']!.values;
  values[1]!.to = '2027-04-05';
  values.push({ from: '2027-04-06', to: null, value: 0.04, source: 'S1', note: 'Test Act s2' });
  if (tests) set.tests = tests;
  return set;
}

const readers = (set: ParameterSet) => [
  { definition: loadDefinition(definition(), { parameterSets: [set] }), label: 'Mini refund v1' },
];

const recentPurchase2027: ParameterSetTest = {
  name: 'A mixed-use purchase in May 2027 is Likely',
  definition: 'mini_refund',
  answers: { propertyType: 'Mixed-Use', purchaseDateQ: '2027-05-01', priceQ: 600000 },
  asOf: '2027-06-01',
  expect: { 'eligibility.likelihood': 'Likely' },
};

describe('parameterSetCoverage', () => {
  it('asks nothing of a period whose end was only set', () => {
    expect(onlyEnded(miniParameters, withNewPeriod(), 'relief.rate', '2024-04-06')).toBe(true);
    expect(onlyEnded(miniParameters, withNewPeriod(), 'relief.rate', '2027-04-06')).toBe(false);
  });

  it('blocks a new period no test reads (the published tests are dated before it)', async () => {
    const draft = withNewPeriod();
    const coverage = await parameterSetCoverage(miniParameters, draft, readers(draft));
    expect(coverage.items).toEqual([
      {
        kind: 'parameter',
        id: 'mini/relief.rate@2027-04-06',
        label: 'Relief rate from 6 April 2027',
        coveredBy: [],
      },
    ]);
    expect(coverage.ok).toBe(false);
    expect(coverage.changedOutcomes).toEqual([]);
  });

  it('passes when a test of the draft reads the new value, run against the definition in force on its date', async () => {
    const draft = withNewPeriod([recentPurchase2027]);
    const coverage = await parameterSetCoverage(miniParameters, draft, readers(draft));
    expect(coverage.items[0]!.coveredBy).toEqual(['A mixed-use purchase in May 2027 is Likely']);
    expect(coverage).toMatchObject({ ok: true, failing: [] });
  });

  it('a test of the draft that fails covers nothing and blocks', async () => {
    const wrong = { ...recentPurchase2027, name: 'Wrong', expect: { 'eligibility.likelihood': 'Unlikely' } };
    const draft = withNewPeriod([wrong]);
    const coverage = await parameterSetCoverage(miniParameters, draft, readers(draft));
    expect(coverage.failing).toEqual(['Wrong']);
    expect(coverage.failureReasons).toEqual({ Wrong: 'expected Unlikely; got Likely' });
    expect(coverage.items[0]!.coveredBy).toEqual([]);
    expect(coverage.ok).toBe(false);
  });

  it('a test naming a definition that does not read the set fails', async () => {
    const draft = withNewPeriod([{ ...recentPurchase2027, definition: 'other_refund' }]);
    const coverage = await parameterSetCoverage(miniParameters, draft, readers(draft));
    expect(coverage.failing).toEqual(['A mixed-use purchase in May 2027 is Likely']);
    expect(coverage.failureReasons['A mixed-use purchase in May 2027 is Likely']).toBe(
      'no published version of other_refund reading these parameters is in force on 1 June 2027',
    );
    expect(coverage.ok).toBe(false);
  });

  it('a published test that reads a corrected value covers it; one whose outcome changes is listed', async () => {
    // the value in force since 6 April 2024, corrected: read by the published test (bought 2024)
    const corrected = clone(miniParameters);
    corrected.parameters['relief.rate']!.values[1]!.value = 0.035;
    const coverage = await parameterSetCoverage(miniParameters, corrected, readers(corrected));
    expect(coverage.items.map((i) => i.id)).toEqual(['mini/relief.rate@2024-04-06']);
    // both published tests read the value: the one that still passes covers it, the other's
    // outcome changes (£21,000 now) and is listed for the submitter and the reviewer
    expect(coverage.items[0]!.coveredBy).toEqual(['Mini refund v1: Recent mixed-use purchase is Likely']);
    expect(coverage.changedOutcomes).toEqual([
      'Mini refund v1: Relief on £600,000 bought in 2024 is £18,000',
    ]);
    expect(coverage.ok).toBe(true);
  });
});
