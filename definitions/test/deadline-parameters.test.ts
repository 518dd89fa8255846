// Issue 26: statutory windows live once, in the parameter sets. The new versions of the services
// with claim routes (sdlt_refund v4, cgt_assessment v5, inheritance_tax v3, eis_relief v3, published
// from 2026-11-29; the versions before them unchanged, D7) compute their deadline dates from the
// dated parameters; a change of the parameter file moves the date; and what a client sees is the
// same as with the version before.
import { describe, expect, it } from 'vitest';
import {
  answerCombinations,
  checkConsistency,
  describeFinding,
  evaluateAssessment,
  loadDefinition,
  type AssessmentDefinition,
  type AssessmentEvaluation,
  type ParameterSet,
} from '@reclaim/engine';
import { definitionCoverage } from '@reclaim/engine/testing';
import { readDefinitionsFromDisk } from '@reclaim/definitions';

const disk = readDefinitionsFromDisk();
const sets = Object.values(disk.parameterSets) as ParameterSet[];
const json = (id: string, version: number) => {
  const found = disk.assessments.find((a) => {
    const d = a.json as AssessmentDefinition;
    return d.id === id && d.version === version;
  });
  if (!found) throw new Error(`${id} v${version} not on disk`);
  return structuredClone(found.json) as AssessmentDefinition;
};
const load = (d: AssessmentDefinition, parameterSets = sets) => loadDefinition(d, { parameterSets });

/** Each new version, the version before it, and the inputs that compute its deadline dates. */
const VERSIONS = [
  {
    id: 'sdlt_refund',
    before: 3,
    after: 4,
    windows: [
      'amendDeadline',
      'overpaymentReliefDeadline',
      'filingDate',
      'returnAmendDeadline',
      'nonResidentClaimBy',
      'saleWindowEnd',
      'saleClaimBy',
    ],
  },
  {
    id: 'cgt_assessment',
    before: 4,
    after: 5,
    windows: ['returnDueDate', 'saAmendDeadline', 'claimWindowEnd'],
  },
  { id: 'inheritance_tax', before: 2, after: 3, windows: ['ihtClaimBy'] },
  { id: 'eis_relief', before: 2, after: 3, windows: ['claimDeadline'] },
] as const;

describe.each(VERSIONS)('$id v$after', ({ id, before, after, windows }) => {
  const next = json(id, after);

  it('is published after the version it follows, which stays as it was', () => {
    expect(next).toMatchObject({ status: 'published', effectiveFrom: '2026-11-29' });
    expect(json(id, before).status).toBe('published');
  });

  it('reads every deadline window from a dated parameter, no literal months or days', () => {
    for (const name of windows) {
      const input = next.inputs.find((i) => i.name === name);
      expect(input, name).toBeDefined();
      const window = input && 'months' in input ? input.months : input && 'days' in input ? input.days : null;
      expect(window, name).toEqual({ param: expect.any(String) as string });
    }
  });

  it('every claim route names the parameter its time limit rests on', () => {
    for (const route of next.claims?.routes ?? []) expect(route.limit.parameter, route.id).toBeDefined();
  });
});

/** A copy of the parameter sets with one value changed. */
function changed(set: string, key: string, from: string, value: number): ParameterSet[] {
  return sets.map((s) => {
    if (s.id !== set) return s;
    const copy = structuredClone(s);
    const entry = copy.parameters[key]?.values.find((v) => v.from === from);
    if (!entry) throw new Error(`${set} ${key} has no value from ${from}`);
    entry.value = value;
    return copy;
  });
}

describe('changing the parameter file moves the deadline', () => {
  const asOf = '2026-11-29';
  const facts = async (
    id: string,
    version: number,
    answers: Record<string, unknown>,
    parameterSets = sets,
  ): Promise<AssessmentEvaluation['facts']> =>
    (await evaluateAssessment({ definition: load(json(id, version), parameterSets), answers, asOf })).facts;

  it('SDLT: the amendment window and the filing days (sdlt.json)', async () => {
    const answers = {
      propertyNationSDR: 'england',
      propertyTypeSDR: 'Residential',
      purchaseDateSDR: '2026-03-02',
    };
    expect(await facts('sdlt_refund', 4, answers)).toMatchObject({
      filingDate: '2026-03-16',
      returnAmendDeadline: '2027-03-16',
    });
    const wider = changed('sdlt', 'return.amend_window', '2003-12-01', 18);
    expect(await facts('sdlt_refund', 4, answers, wider)).toMatchObject({
      returnAmendDeadline: '2027-09-16',
    });
    const longer = changed('sdlt', 'return.filing_days', '2019-03-01', 30);
    expect(await facts('sdlt_refund', 4, answers, longer)).toMatchObject({
      filingDate: '2026-04-01',
      returnAmendDeadline: '2027-04-01',
    });
  });

  it('CGT: the overpayment relief window (deadlines.json sa.claim_window)', async () => {
    const answers = { disposalDateCGT: '2023-06-01' };
    expect((await facts('cgt_assessment', 5, answers)).claimWindowEnd).toBe('2028-04-05');
    const shorter = changed('deadlines', 'sa.claim_window', '2010-04-01', 36);
    expect((await facts('cgt_assessment', 5, answers, shorter)).claimWindowEnd).toBe('2027-04-05');
  });

  it('IHT and EIS: the repayment and claim windows (deadlines.json)', async () => {
    const iht = {
      situationIHT: 'estate',
      deathDateIHT: '2023-11-01',
      estateValueIHT: 500000,
      ihtPaidIHT: 90000,
      ihtPaidDateIHT: '2024-05-10',
    };
    expect((await facts('inheritance_tax', 3, iht)).ihtClaimBy).toBe('2028-05-10');
    const ihtWindow = changed('deadlines', 'iht.repayment_claim_window', '2011-04-01', 72);
    expect((await facts('inheritance_tax', 3, iht, ihtWindow)).ihtClaimBy).toBe('2030-05-10');
    const eis = { taxYearEIS: '2022-23' };
    expect((await facts('eis_relief', 3, eis)).claimDeadline).toBe('2029-01-31');
    const eisWindow = changed('deadlines', 'eis.claim_window', '2007-04-06', 48);
    expect((await facts('eis_relief', 3, eis, eisWindow)).claimDeadline).toBe('2028-01-31');
  });
});

/** What a client sees: likelihood, reasons, levels, figures, texts, documents and shown fields. */
function visible(e: AssessmentEvaluation): string {
  const shown = (e.resultFieldViews ?? [])
    .filter((f) => f.place !== 'hidden')
    .map((f) => [f.name, e.resultFields[f.name]]);
  return JSON.stringify({
    eligibility: [e.eligibility.likelihood, e.eligibility.score, e.eligibility.reasons],
    complexity: [e.complexity.complexityLevel, e.complexity.serviceApproach],
    value: e.value.estimates,
    text: e.recommendation.text,
    documents: e.recommendation.documentRequirements,
    shown,
  });
}

describe('the client sees what the version before showed', () => {
  const dates = [
    '2004-06-01',
    '2012-05-01',
    '2017-01-15',
    '2019-02-20',
    '2021-11-01',
    '2024-02-29',
    '2026-01-31',
  ];
  it.each(VERSIONS)(
    '$id v$before → v$after on answer combinations and dates across the windows',
    async ({ id, before, after }) => {
      const a = load(json(id, before));
      const b = load(json(id, after));
      const dateQuestions = a.questionnaire.questions.filter((q) => q.type === 'date').map((q) => q.id);
      const money = a.questionnaire.questions.filter((q) => q.type === 'currency').map((q) => q.id);
      const combos = answerCombinations(a, { limit: 60 });
      let compared = 0;
      for (const combo of combos) {
        for (const [k, date] of dates.entries()) {
          const answers: Record<string, unknown> = { ...combo };
          dateQuestions.forEach((q, j) => {
            if (answers[q] !== undefined) answers[q] = dates[(k + j * 3) % dates.length];
          });
          if (k % 2 === 1) for (const q of money) if (answers[q] !== undefined) answers[q] = 520000;
          for (const asOf of ['2026-11-29', '2020-06-01']) {
            const [ra, rb] = await Promise.all([
              evaluateAssessment({ definition: a, answers, asOf }),
              evaluateAssessment({ definition: b, answers, asOf }),
            ]);
            expect(visible(rb), `${JSON.stringify(answers)} on ${asOf} (${date})`).toBe(visible(ra));
            compared += 1;
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
    },
    180_000,
  );
});

describe('the new versions pass the consistency check (issue 28)', () => {
  it.each(VERSIONS)(
    '$id v$after',
    async ({ id, after }) => {
      const findings = await checkConsistency(load(json(id, after)));
      expect(findings.map(describeFinding).join('\n')).toBe('');
    },
    180_000,
  );
});

describe('the release gate (studio) would take the windows as parameter references', () => {
  it.each(VERSIONS)(
    '$id v$after: each window moved into a parameter is a covered parameter reference',
    async ({ id, before, after }) => {
      const coverage = await definitionCoverage(load(json(id, after)), json(id, before));
      const parameters = coverage.items.filter((i) => i.kind === 'parameter');
      expect(parameters.length).toBeGreaterThan(0);
      expect(coverage.items.filter((i) => i.coveredBy.length === 0)).toEqual([]);
      expect(coverage.failing).toEqual([]);
      expect(coverage.ok).toBe(true);
    },
    180_000,
  );
});
