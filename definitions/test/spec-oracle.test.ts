// An independent reading of the eligibility spec section 9 (with D2–D3), written here as plain
// TypeScript for the test only, compared with the definitions on many generated calculator inputs
// that sit on and beside every threshold. The SDLT rules have the same check in the benchmark's
// hand-written baseline (scripts/bench/sdlt-handwritten.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, loadDefinition, type AssessmentEvaluation } from '@reclaim/engine';
import rdJson from '../assessments/rd_tax_credits/v1.json';
import brJson from '../assessments/business_rates_appeals/v1.json';
import caJson from '../assessments/capital_allowances/v1.json';
import pbJson from '../assessments/patent_box/v1.json';

const asOf = '2026-11-21';
type Inputs = Record<string, unknown>;

interface Expected {
  rawScore: number;
  score: number;
  likelihood: string;
  confidenceLevel: number;
  complexityScore: number;
  complexityLevel: string;
  flagIds?: string[];
  potential: { low: number; medium: number; high: number };
  serviceApproach: string;
}

const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const round = (x: number): number => Math.round(x);
const round2 = (x: number): number => Math.round(x * 100) / 100;
const band = (score: number, likely: number, possible: number): string =>
  score >= likely ? 'Likely' : score >= possible ? 'Possible' : 'Unlikely';
const level = (score: number, high: number, medium: number): string =>
  score >= high ? 'High' : score >= medium ? 'Medium' : 'Low';
const confidence = (inputs: Inputs, names: string[], divisor: number): number =>
  Math.min(100, round((names.filter((n) => given(inputs[n])).length / divisor) * 100));

function rdOracle(i: Inputs): Expected {
  const activities = [
    'new_product_development',
    'process_improvement',
    'software_development',
    'engineering_design',
    'scientific_research',
  ];
  const acts = Array.isArray(i.rdActivities) ? (i.rdActivities as string[]) : [];
  const exp = typeof i.rdExpenditure === 'number' ? i.rdExpenditure : undefined;
  const staff = typeof i.rdStaffCount === 'number' ? i.rdStaffCount : undefined;
  const raw =
    Math.min(30, 10 * acts.filter((a) => activities.includes(a)).length) +
    (i.companySize === 'sme' ? 20 : i.companySize === 'large' ? 15 : 0) +
    (exp === undefined ? 0 : exp > 50000 ? 25 : exp > 20000 ? 15 : 5) +
    (staff === undefined ? 0 : staff > 5 ? 15 : 10) +
    (i.hasDocumentation === true ? 10 : 0);
  const score = round(raw);
  const likelihood = band(score, 70, 35);
  const flags: [string, number, boolean][] = [
    ['many_projects', 3, typeof i.projectCount === 'number' && i.projectCount > 3],
    ['high_technical_complexity', 4, i.technicalComplexity === 'high'],
    ['multiple_entities', 5, i.multipleEntities === true],
    ['international_work', 4, i.internationalWork === true],
    ['high_expenditure', 3, exp !== undefined && exp > 500000],
    ['first_claim', 2, i.firstTimeClaim === true],
  ];
  const raised = flags.filter((f) => f[2]);
  const complexityScore = round((raised.reduce((s, f) => s + f[1], 0) / 21) * 100);
  const complexityLevel = level(complexityScore, 70, 40);
  const rate =
    i.companySize === 'sme'
      ? i.isProfitable === false
        ? 0.33
        : 0.25
      : i.companySize === 'large'
        ? 0.13
        : 0.13;
  const median = round2((exp ?? 0) * rate);
  const potential = { low: round2(median * 0.8), medium: median, high: round2(median * 1.2) };
  const heavy = raised.filter((f) => f[1] >= 4).length;
  const serviceApproach =
    likelihood === 'Unlikely'
      ? 'Not Recommended'
      : complexityLevel === 'High' && heavy >= 2
        ? 'Specialist Referral'
        : median > 50000
          ? 'No-Win No-Fee'
          : complexityLevel === 'High' || (complexityLevel === 'Medium' && median < 20000)
            ? 'Consultancy Fee'
            : 'No-Win No-Fee';
  return {
    rawScore: raw,
    score,
    likelihood,
    confidenceLevel: confidence(
      i,
      ['rdActivities', 'companySize', 'rdExpenditure', 'rdStaffCount', 'hasDocumentation'],
      5,
    ),
    complexityScore,
    complexityLevel,
    flagIds: raised.map((f) => f[0]),
    potential,
    serviceApproach,
  };
}

function brOracle(i: Inputs): Expected {
  const occ = i.occupationStatus;
  const last = i.lastChallenged;
  const raw =
    (occ === 'partial' ? 25 : occ === 'vacant' ? 20 : occ === 'full' ? 5 : 0) +
    (last === 'never' ? 20 : last === 'over3years' ? 15 : last === 'under3years' ? 5 : 0) +
    (i.useChanged === true ? 20 : 0) +
    (i.physicalChanges === true ? 20 : 0) +
    (i.lowerRatedSimilar === true ? 15 : 0);
  const score = round(raw);
  const likelihood = band(score, 70, 40);
  const count = typeof i.propertyCount === 'number' ? i.propertyCount : 0;
  const flags: [string, number][] = [];
  if (count > 1) flags.push(['multiple_properties', count > 10 ? 4 : count > 5 ? 3 : 2]);
  if (i.multipleAuthorities === true) flags.push(['multiple_authorities', 3]);
  if (i.specializedType === true) flags.push(['specialized_type', 4]);
  if (i.previousChallenges === true || last === 'over3years' || last === 'under3years')
    flags.push(['previous_challenges', 2]);
  if (i.partialOccupation === true || occ === 'partial') flags.push(['partial_occupation', 3]);
  const complexityScore = round((flags.reduce((s, f) => s + f[1], 0) / 16) * 100);
  const complexityLevel = level(complexityScore, 70, 40);
  const factor =
    (occ === 'partial' ? 0.2 : occ === 'vacant' ? 0.5 : 0.1) +
    (i.useChanged === true ? 0.05 : 0) +
    (i.physicalChanges === true ? 0.05 : 0);
  const rv = typeof i.currentRateableValue === 'number' ? i.currentRateableValue : 0;
  const median = round2(rv * 0.49 * factor);
  const potential = { low: round2(median * 0.7), medium: median, high: round2(median * 1.3) };
  const serviceApproach =
    likelihood === 'Unlikely'
      ? 'Not Recommended'
      : complexityLevel === 'High' && flags.length >= 3
        ? 'Specialist Referral'
        : median > 10000
          ? 'No-Win No-Fee'
          : complexityLevel === 'High' || median < 5000
            ? 'Consultancy Fee'
            : 'No-Win No-Fee';
  return {
    rawScore: raw,
    score,
    likelihood,
    confidenceLevel: confidence(
      i,
      ['occupationStatus', 'lastChallenged', 'useChanged', 'physicalChanges', 'lowerRatedSimilar'],
      5,
    ),
    complexityScore,
    complexityLevel,
    flagIds: flags.map((f) => f[0]),
    potential,
    serviceApproach,
  };
}

function caOracle(i: Inputs): Expected {
  const value = typeof i.purchaseValue === 'number' ? i.purchaseValue : undefined;
  const date = typeof i.purchaseDate === 'string' ? i.purchaseDate : undefined;
  const raw =
    (i.propertyType === 'commercial' || i.propertyType === 'mixed-use' ? 20 : given(i.propertyType) ? 5 : 0) +
    (value === undefined ? 0 : value > 1000000 ? 20 : value > 200000 ? 15 : 5) +
    // 2 years or less: on or after asOf − 24 months; 10 years or less: on or after asOf − 120 months
    (date === undefined ? 0 : date >= '2024-11-21' ? 15 : date >= '2016-11-21' ? 10 : 5) +
    (i.previousClaimed === false ? 25 : i.previousClaimed === true ? 5 : 0) +
    (i.hasRefurbishment === true ? 20 : 0);
  const likelihood = band(raw, 65, 35);
  return {
    rawScore: raw,
    score: raw,
    likelihood,
    confidenceLevel: confidence(
      i,
      ['propertyType', 'purchaseValue', 'purchaseDate', 'previousClaimed', 'hasRefurbishment'],
      5,
    ),
    complexityScore: 60,
    complexityLevel: 'Medium',
    potential: { low: 20000, medium: 35000, high: 50000 },
    serviceApproach: likelihood === 'Unlikely' ? 'Not Recommended' : 'Consultancy Fee',
  };
}

function pbOracle(i: Inputs): Expected {
  const income = typeof i.patentIncome === 'number' ? i.patentIncome : undefined;
  const j = i.patentJurisdiction;
  const raw =
    (i.hasPatents === true ? 40 : 0) +
    (j === 'uk' || j === 'epo' || j === 'eu' ? 20 : given(j) ? 5 : 0) +
    (income === undefined ? 0 : income > 100000 ? 25 : income > 20000 ? 15 : 5) +
    (i.involvedInDevelopment === true ? 15 : 0);
  const likelihood = band(raw, 70, 40);
  return {
    rawScore: raw,
    score: raw,
    likelihood,
    confidenceLevel: confidence(
      i,
      ['hasPatents', 'patentJurisdiction', 'patentIncome', 'involvedInDevelopment'],
      4,
    ),
    complexityScore: 80,
    complexityLevel: 'High',
    potential: { low: 15000, medium: 25000, high: 40000 },
    serviceApproach: likelihood === 'Unlikely' ? 'Not Recommended' : 'Specialist Referral',
  };
}

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arb, { nil: undefined, freq: 4 });
const bool = maybe(fc.boolean());
const amount = (...edges: number[]) =>
  maybe(
    fc.oneof(
      fc.constantFrom(0, ...edges.flatMap((e) => [e - 1, e, e + 1])),
      fc.integer({ min: 0, max: 3_000_000 }),
    ),
  );
const compact = (o: Inputs): Inputs =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const rdInputs = fc
  .record({
    rdActivities: maybe(
      fc.subarray(
        [
          'new_product_development',
          'process_improvement',
          'software_development',
          'engineering_design',
          'scientific_research',
        ],
        { minLength: 1 },
      ),
    ),
    companySize: maybe(fc.constantFrom('sme', 'large', 'notsure')),
    isProfitable: bool,
    rdExpenditure: amount(20000, 50000, 500000, 150000, 200000),
    rdStaffCount: maybe(fc.integer({ min: 0, max: 12 })),
    hasDocumentation: bool,
    projectCount: maybe(fc.integer({ min: 0, max: 6 })),
    technicalComplexity: maybe(fc.constantFrom('low', 'medium', 'high')),
    multipleEntities: bool,
    internationalWork: bool,
    firstTimeClaim: bool,
  })
  .map(compact);

const brInputs = fc
  .record({
    occupationStatus: maybe(fc.constantFrom('partial', 'vacant', 'full')),
    lastChallenged: maybe(fc.constantFrom('never', 'over3years', 'under3years')),
    useChanged: bool,
    physicalChanges: bool,
    lowerRatedSimilar: bool,
    currentRateableValue: amount(20000, 40000, 100000, 200000),
    propertyCount: maybe(fc.integer({ min: 1, max: 12 })),
    multipleAuthorities: bool,
    specializedType: bool,
  })
  .map(compact);

const caInputs = fc
  .record({
    propertyType: maybe(fc.constantFrom('commercial', 'mixed-use', 'residential', 'other')),
    purchaseValue: amount(200000, 1000000),
    purchaseDate: maybe(
      fc.constantFrom('2026-06-01', '2024-11-21', '2024-11-20', '2016-11-21', '2016-11-20', '2001-01-01'),
    ),
    previousClaimed: bool,
    hasRefurbishment: bool,
  })
  .map(compact);

const pbInputs = fc
  .record({
    hasPatents: bool,
    patentJurisdiction: maybe(fc.constantFrom('uk', 'epo', 'eu', 'usa', 'china', 'other')),
    patentIncome: amount(20000, 100000),
    involvedInDevelopment: bool,
  })
  .map(compact);

function actual(r: AssessmentEvaluation, potentialKey: 'potentialBenefit' | 'potentialSavings') {
  const potential = r.complexity[potentialKey];
  return {
    rawScore: r.eligibility.rawScore,
    score: r.eligibility.score,
    likelihood: r.eligibility.likelihood,
    confidenceLevel: r.eligibility.confidenceLevel,
    complexityScore: r.complexity.complexityScore,
    complexityLevel: r.complexity.complexityLevel,
    flagIds: r.complexity.flags.map((f) => f.id),
    potential,
    serviceApproach: r.complexity.serviceApproach,
  };
}

const cases = [
  ['rd_tax_credits', rdJson, rdInputs, rdOracle, 'potentialBenefit'],
  ['business_rates_appeals', brJson, brInputs, brOracle, 'potentialSavings'],
  ['capital_allowances', caJson, caInputs, caOracle, 'potentialBenefit'],
  ['patent_box', pbJson, pbInputs, pbOracle, 'potentialBenefit'],
] as const;

describe.each(cases)(
  '%s agrees with an independent reading of the spec',
  (_id, json, inputs, oracle, key) => {
    const definition = loadDefinition(json);
    it('on generated inputs around every threshold', { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(inputs, async (i) => {
          const r = await evaluateAssessment({ definition, inputs: i, asOf });
          const want = oracle(i);
          const got = actual(r, key);
          const { flagIds, ...rest } = want;
          expect({ inputs: i, ...got, flagIds: flagIds ?? got.flagIds }).toEqual({
            inputs: i,
            ...rest,
            flagIds: flagIds ?? got.flagIds,
            potential: got.potential,
          });
          for (const k of ['low', 'medium', 'high'] as const)
            expect(Math.abs((got.potential?.[k] ?? NaN) - want.potential[k])).toBeLessThan(0.05); // cents: the oracle rounds in plain floating point
        }),
        { numRuns: 400, seed: 20261121 },
      );
    });
  },
);
