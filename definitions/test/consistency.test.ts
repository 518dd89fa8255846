// Results pages that never contradict themselves (issue 28): the consistency check over every
// definition in force (each id's latest version), on its embedded tests, the questionnaire's answer
// combinations and generated answers (a seeded generator, and fast-check here); and each example the
// issue found, put back into a copy of its definition, is reported.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  candidateAnswers,
  checkCase,
  checkConsistency,
  describeFinding,
  loadDefinition,
  validateAnswer,
  type AssessmentDefinition,
  type ConsistencyFinding,
  type FactCondition,
} from '@reclaim/engine';
import { readDefinitionsFromDisk } from '@reclaim/definitions';

const disk = readDefinitionsFromDisk();
const parameterSets = Object.values(disk.parameterSets);
const latest = new Map<string, AssessmentDefinition>();
for (const { json } of disk.assessments) {
  const d = json as AssessmentDefinition;
  if (d.status !== 'published') continue;
  const seen = latest.get(d.id);
  if (!seen || seen.version < d.version) latest.set(d.id, d);
}
const inForce = [...latest.values()];
const load = (d: AssessmentDefinition) => loadDefinition(d, { parameterSets });
const jsonOf = (id: string) => structuredClone<AssessmentDefinition>(latest.get(id)!);
const rules = (findings: ConsistencyFinding[]) => findings.map((f) => f.rule);
const report = (findings: ConsistencyFinding[]) => findings.map(describeFinding).join('\n');

describe('every definition in force passes the consistency check', () => {
  it('covers every service', () => {
    expect(inForce.map((d) => d.id).sort()).toEqual(
      expect.arrayContaining([
        'business_rates_appeals',
        'capital_allowances',
        'cgt_assessment',
        'eis_relief',
        'inheritance_tax',
        'patent_box',
        'rd_tax_credits',
        'sdlt_refund',
      ]),
    );
  });

  describe.each(inForce.map((d) => [`${d.id} v${d.version}`, d] as const))('%s', (_name, json) => {
    const definition = load(json);

    it('embedded tests, answer combinations and seeded answers', async () => {
      const findings = await checkConsistency(definition);
      expect(report(findings)).toBe('');
    }, 120_000);

    it('fast-check answer sets', async () => {
      const asOf =
        json.tests
          .map((t) => t.asOf)
          .sort()
          .at(-1) ?? json.effectiveFrom;
      const atoms: FactCondition[] = [];
      const questions = json.questionnaire.questions;
      const answer = fc.record(
        Object.fromEntries(
          questions.map((q) => {
            const candidates = candidateAnswers(q, atoms, asOf);
            const amounts =
              q.type === 'number' || q.type === 'currency'
                ? [
                    fc.integer({
                      min: Math.ceil(q.min ?? 0),
                      max: Math.floor(Math.min(q.max ?? 5_000_000, 5_000_000)),
                    }),
                  ]
                : [];
            return [q.id, fc.oneof(fc.constantFrom(...candidates), ...amounts)];
          }),
        ),
      );
      await fc.assert(
        fc.asyncProperty(answer, async (raw) => {
          const answers: Record<string, unknown> = {};
          for (const q of questions) {
            const v = raw[q.id];
            if (v !== undefined && validateAnswer(q, v, { asOf }) === null) answers[q.id] = v;
          }
          const findings = await checkCase(definition, { name: 'fast-check', asOf, answers });
          expect(report(findings)).toBe('');
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  });
});

describe('the examples of issue 28 are caught', () => {
  it('R&D: "Complexity: Low" above "Highly complex technical work"', async () => {
    const json = jsonOf('rd_tax_credits');
    if (!('flags' in json.complexity)) throw new Error('scored complexity expected');
    const flag = json.complexity.flags.find((f) => f.id === 'high_technical_complexity')!;
    flag.description = 'Highly complex technical work';
    flag.implies = { complexity: ['Medium', 'High'] };
    const findings = await checkCase(load(json), {
      name: 'Profitable SME, one highly complex project',
      asOf: '2026-11-21',
      answers: {
        projectGoalRDC: 'advancement',
        technicalUncertaintyRDC: 'yes',
        rdActivitiesRDC: ['software_development'],
        companySizeRDC: 'sme',
        isProfitableRDC: true,
        expenditureTypesRDC: ['staff', 'software'],
        totalExpenditureRDC: 200000,
        rdStaffCountRDC: 4,
        receivedFundingRDC: false,
        hasDocumentationRDC: true,
        projectCountRDC: 1,
        technicalComplexityRDC: 'high',
        multipleEntitiesRDC: false,
        internationalWorkRDC: false,
        firstTimeClaimRDC: false,
      },
    });
    const found = findings.find((f) => f.rule === 'complexity-contradicted');
    expect(found?.message).toContain('“Complexity: Low” beside “Highly complex technical work”');
  });

  it('Patent Box without patents: Unlikely beside an approach that takes the claim on', async () => {
    const json = jsonOf('patent_box');
    json.approach.rules = json.approach.rules.filter((r) => r.serviceApproach !== 'Not Recommended');
    const findings = await checkConsistency(load(json));
    expect(rules(findings)).toContain('unlikely-but-recommended');
    expect(report(findings)).toContain(
      'The result is Unlikely, yet the recommended approach is “Specialist Referral”',
    );
  });

  it('Business rates: Low complexity beside "The appeal is complex or the potential saving is small"', async () => {
    const json = jsonOf('business_rates_appeals');
    const at = json.approach.rules.findIndex((r) => r.id === 'high_complexity');
    json.approach.rules.splice(at, 2, {
      id: 'high_or_low_potential',
      description: 'High complexity, or a potential saving below £5,000',
      conditions: {
        any: [
          { fact: 'complexityLevel', operator: 'equal', value: 'High' },
          { fact: 'potentialMedium', operator: 'lessThan', value: 5000 },
        ],
      },
      serviceApproach: 'Consultancy Fee',
      approachRationale:
        'The appeal is complex or the potential saving is small, so a fixed-fee consultation is the better value.',
      // the text says both: the appeal is complex, and the saving is small
      cites: {
        all: [
          { fact: 'complexityLevel', operator: 'equal', value: 'High' },
          { fact: 'potentialMedium', operator: 'lessThan', value: 5000 },
        ],
      },
    });
    const findings = await checkConsistency(load(json));
    const found = findings.find((f) => f.rule === 'approach-cites-unmet');
    expect(found?.message).toContain('The appeal is complex or the potential saving is small');
    expect(found?.message).toContain('complexityLevel is High');
  });

  it('SDLT: complexity "Low" because "a claim deadline is less than 3 months away"', async () => {
    const json = jsonOf('sdlt_refund');
    if (!('flags' in json.complexity)) throw new Error('scored complexity expected');
    json.complexity.flags.find((f) => f.id === 'near_deadline')!.implies = { complexity: ['Medium', 'High'] };
    const findings = await checkCase(load(json), {
      name: 'A home bought 11 months ago with too much SDLT paid',
      asOf: '2026-11-21',
      answers: {
        propertyNationSDR: 'england',
        propertyTypeSDR: 'Residential',
        firstTimeBuyerSDR: false,
        multipleDwellingsSDR: false,
        additionalPropertySDR: false,
        nonUkResidentSDR: false,
        propertyUninhabitableSDR: false,
        hasAnnexeSDR: false,
        partialBusinessUseSDR: false,
        linkedTransactionsSDR: false,
        multipleOwnersSDR: false,
        purchaseDateSDR: '2025-12-21',
        purchasePriceSDR: 300000,
        sdltPaidSDR: 20000,
      },
    });
    expect(report(findings)).toContain(
      '“Complexity: Low” beside “A claim deadline is less than 3 months away”',
    );
  });

  it('Business rates: "The property is fully occupied, which leaves less room for a reduction: +5 points"', async () => {
    const json = jsonOf('business_rates_appeals');
    if (!('rules' in json.eligibility)) throw new Error('scored eligibility expected');
    json.eligibility.rules.find((r) => r.id === 'occupation_full')!.points = 5;
    const findings = await checkConsistency(load(json));
    const found = findings.find((f) => f.rule === 'against-adds-points');
    expect(found?.message).toBe(
      'The reason “The property is fully occupied, which leaves less room for a reduction” argues against the claim, yet it adds 5 points to the eligibility score.',
    );
  });

  it('a result with no benefit that still asks for documents', async () => {
    const json = jsonOf('sdlt_refund');
    delete json.recommendation.documentRequirements.when;
    const findings = await checkConsistency(load(json), { generated: 200 });
    expect(rules(findings)).toContain('documents-without-benefit');
    expect(report(findings)).toMatch(/shows no refund .* yet asks for documents: “Property deed”/);
  }, 60_000);

  it('a reason that does not say whether it argues for or against the claim', async () => {
    const json = jsonOf('capital_allowances');
    if (!('rules' in json.eligibility)) throw new Error('scored eligibility expected');
    delete json.eligibility.rules[0]!.direction;
    const findings = await checkConsistency(load(json));
    expect(findings[0]).toMatchObject({ rule: 'direction-missing', case: 'The definition' });
  });
});
