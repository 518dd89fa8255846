// Benchmark baseline only: the SDLT rules of definitions/assessments/sdlt_refund/v1.json written
// by hand in TypeScript, so `npm run bench` can show what the declarative engine costs. It gives
// the same outputs the engine does, reasons and rule trace included (tests/parity checks that).
// The product never uses this: the definition is the source of truth.
import { addMonths } from '../../engine/src/rules/inputs/dates';

export interface SdltAnswers {
  propertyTypeSDR?: string;
  purchaseDateSDR?: string;
  purchasePriceSDR?: number | string;
  multipleDwellingsSDR?: boolean;
  hasAnnexeSDR?: boolean;
  partialBusinessUseSDR?: boolean;
  linkedTransactionsSDR?: boolean;
  multipleOwnersSDR?: boolean;
  [key: string]: unknown;
}

export interface SdltHandwrittenResult {
  likelihood: 'Likely' | 'Possible' | 'Unlikely';
  score: number;
  confidenceLevel: number;
  reasons: string[];
  complexityScore: number;
  complexityLevel: 'Low' | 'Medium' | 'High';
  flags: string[];
  potentialRefund: { low: number; medium: number; high: number };
  estimates: { low: number; median: number; high: number };
  serviceApproach: string;
  summary: string;
  resultFields: Record<string, unknown>;
  /** The rule trace of the eligibility and complexity stages, as the engine records it. */
  trace: SdltTraceEntry[];
}

export interface SdltTraceEntry {
  stage: 'eligibility' | 'complexity';
  id: string;
  matched: boolean;
  counted: boolean;
  text?: string;
}

const round = (x: number, d = 0): number => {
  const f = 10 ** d;
  const r = Math.round(Number((Math.abs(x) * f).toPrecision(15))) / f;
  return x < 0 ? -r : r;
};
const answered = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
// whole pounds, except pence under £100 (the engine's `currency` format)
const gbp = (n: number): string =>
  n < 100 && !Number.isInteger(round(n, 2))
    ? `£${round(n, 2).toFixed(2)}`
    : `£${String(round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export function assessSdltHandwritten(answers: SdltAnswers, asOf: string): SdltHandwrittenResult {
  const type = answers.propertyTypeSDR;
  const residential = type === 'Residential';
  const multipleDwellings = answers.multipleDwellingsSDR;
  const propertyType =
    type === 'Mixed-Use'
      ? 'mixed-use'
      : residential && multipleDwellings === true
        ? 'residential-multiple'
        : residential
          ? 'residential-single'
          : type === 'Commercial'
            ? 'commercial'
            : type === 'Land Only'
              ? 'land'
              : undefined;
  const priceRaw = answers.purchasePriceSDR;
  const value = typeof priceRaw === 'number' ? priceRaw : answered(priceRaw) ? Number(priceRaw) : undefined;
  const date = answers.purchaseDateSDR;
  const hasAnnexe = answers.hasAnnexeSDR;
  const business = answers.partialBusinessUseSDR;
  const c9 = addMonths(asOf, -9) ?? '';
  const c12 = addMonths(asOf, -12) ?? '';
  const c36 = addMonths(asOf, -36) ?? '';
  const c45 = addMonths(asOf, -45) ?? '';
  const c48 = addMonths(asOf, -48) ?? '';

  // Eligibility: each rule's condition, then per factor the rule with the most points counts.
  const rules: [id: string, factor: string, points: number, matched: boolean, reason: string][] = [
    [
      'purchase_within_12_months',
      'purchaseDate',
      30,
      date !== undefined && date >= c12,
      'Your purchase completed within the last 12 months, so the SDLT return can still be amended',
    ],
    [
      'purchase_within_36_months',
      'purchaseDate',
      15,
      date !== undefined && date >= c36,
      'Your purchase completed within the last 36 months, inside the 4-year window for an overpayment relief claim',
    ],
    [
      'property_mixed_or_multiple',
      'propertyType',
      25,
      propertyType === 'mixed-use' || propertyType === 'residential-multiple',
      'Mixed-use property and purchases of more than one dwelling are often charged SDLT at too high a rate',
    ],
    [
      'property_residential_single',
      'propertyType',
      10,
      propertyType === 'residential-single',
      'A single residential dwelling can still have been overcharged in some circumstances',
    ],
    [
      'value_over_500000',
      'purchaseValue',
      15,
      value !== undefined && value > 500000,
      'Your purchase value is over £500,000, where rate errors cost the most',
    ],
    [
      'value_over_250000',
      'purchaseValue',
      10,
      value !== undefined && value > 250000,
      'Your purchase value is over £250,000',
    ],
    [
      'value_given',
      'purchaseValue',
      5,
      value !== undefined,
      'Your purchase value is £250,000 or less, so any overpayment is smaller',
    ],
    [
      'has_annexe',
      'hasAnnexe',
      15,
      hasAnnexe === true,
      'The property has an annexe, which may qualify for a lower rate',
    ],
    [
      'partial_business_use',
      'partialBusinessUse',
      15,
      business === true,
      'Part of the property is used for a business, which may make it mixed-use for SDLT',
    ],
  ];
  const best = new Map<string, number>();
  rules.forEach(([, factor, points, matched], i) => {
    const current = best.get(factor);
    if (matched && (current === undefined || points > rules[current]![2])) best.set(factor, i);
  });
  const counted = new Set(best.values());
  let raw = 0;
  for (const i of counted) raw += rules[i]![2];
  const reasons = rules.filter((_, i) => counted.has(i)).map(([, , , , reason]) => reason);
  const trace: SdltTraceEntry[] = rules.map(([id, , , matched, reason], i) => ({
    stage: 'eligibility',
    id,
    matched,
    counted: counted.has(i),
    text: reason,
  }));
  const score = round(raw);
  const likelihood = score >= 75 ? 'Likely' : score >= 40 ? 'Possible' : 'Unlikely';
  const given = [date, propertyType, value, hasAnnexe, business].filter(answered).length;
  const confidenceLevel = Math.min(100, round((given / 5) * 100));

  const nearDeadline = date !== undefined && ((date >= c12 && c9 >= date) || (date >= c48 && c45 >= date));
  const flagWeights: [string, number, boolean][] = [
    ['multiple_units', 3, multipleDwellings === true || propertyType === 'residential-multiple'],
    ['mixed_use', 4, propertyType === 'mixed-use'],
    ['value_over_2m', 2, value !== undefined && value > 2000000],
    ['linked_transactions', 4, answers.linkedTransactionsSDR === true],
    ['multiple_owners', 2, answers.multipleOwnersSDR === true],
    ['near_deadline', 5, nearDeadline],
  ];
  const flags = flagWeights.filter(([, , on]) => on);
  for (const [id, , on] of flagWeights) trace.push({ stage: 'complexity', id, matched: on, counted: on });
  const complexityScore = round((flags.reduce((s, [, w]) => s + w, 0) / 20) * 100);
  const complexityLevel = complexityScore >= 75 ? 'High' : complexityScore >= 40 ? 'Medium' : 'Low';

  const v = value ?? 0;
  const potentialRefund = {
    low: round(v * 0.015 * (score / 100), 2),
    medium: round(v * 0.025 * (score / 100), 2),
    high: round(v * 0.04 * (score / 100), 2),
  };
  const rate =
    propertyType === 'mixed-use'
      ? 0.04
      : hasAnnexe === true || multipleDwellings === true || propertyType === 'residential-multiple'
        ? 0.02
        : 0.01;
  const factor = likelihood === 'Likely' ? 1 : likelihood === 'Possible' ? 0.7 : 0.3;
  const median = round(v * rate * factor, 2);
  const estimates = { low: round(median * 0.7, 2), median, high: round(median * 1.3, 2) };

  let serviceApproach: string;
  if (likelihood === 'Unlikely') serviceApproach = 'Not Recommended';
  else if (complexityLevel === 'High' && potentialRefund.medium < 10000) serviceApproach = 'Consultancy Fee';
  else if (complexityLevel === 'High' && flags.length >= 4) serviceApproach = 'Specialist Referral';
  else if (likelihood === 'Likely' && complexityLevel !== 'High') serviceApproach = 'No-Win No-Fee';
  else serviceApproach = 'Consultancy Fee';

  const summary =
    likelihood === 'Unlikely'
      ? `An SDLT refund looks unlikely on your answers (eligibility score ${score} out of 100). Recommended approach: ${serviceApproach}.`
      : `${likelihood === 'Likely' ? 'You are likely to be due' : 'You may be due'} an SDLT refund (eligibility score ${score} out of 100). We estimate a refund of about ${gbp(median)}, between ${gbp(estimates.low)} and ${gbp(estimates.high)}. Recommended approach: ${serviceApproach}.`;

  return {
    likelihood,
    score,
    confidenceLevel,
    reasons,
    complexityScore,
    complexityLevel,
    flags: flags.map(([id]) => id),
    potentialRefund,
    estimates,
    serviceApproach,
    summary,
    trace,
    resultFields: {
      sdlt_eligibility_for_refund: likelihood !== 'Unlikely',
      sdlt_claim_complexity_score: round(complexityScore / 10, 1),
      sdlt_potential_refund_amount_estimate: median,
      sdlt_recommendation: summary,
    },
  };
}
