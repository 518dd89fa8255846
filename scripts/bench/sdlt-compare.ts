// What the engine baseline is checked on: the outputs of an SDLT evaluation that the hand-written
// function (./sdlt-handwritten.ts) also computes, in one comparable shape. Used by the engine bench
// (it refuses to print a ratio against a baseline that disagrees) and by
// tests/parity/sdlt-handwritten.test.ts.
import type { AssessmentEvaluation } from '../../engine/src/index';
import type { SdltAnswers, SdltHandwrittenResult } from './sdlt-handwritten';

/** Deterministic spread of SDLT answers covering every band, flag and approach branch. */
export function sdltSamples(count = 64): SdltAnswers[] {
  const types = ['Residential', 'Mixed-Use', 'Commercial', 'Land Only'];
  const dates = ['2025-05-01', '2024-08-15', '2024-06-01', '2023-01-10', '2021-07-01', '2019-02-01'];
  const prices = [180000, 260000, 499000, 750000, 2500000];
  const out: SdltAnswers[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push({
      propertyTypeSDR: types[i % types.length],
      purchaseDateSDR: dates[i % dates.length],
      // every 11th set leaves the price out (unanswered questions are part of the rules)
      ...(i % 11 === 10 ? {} : { purchasePriceSDR: prices[i % prices.length] }),
      multipleDwellingsSDR: i % 3 === 0,
      hasAnnexeSDR: i % 4 === 1,
      partialBusinessUseSDR: i % 5 === 2,
      linkedTransactionsSDR: i % 6 === 3,
      multipleOwnersSDR: i % 2 === 0,
    });
  }
  return out;
}

export const SDLT_AS_OF = '2025-06-01';
/** The baseline is written from this version of the definition (a published version never changes). */
export const SDLT_BASELINE_VERSION = 1;

export interface ComparedOutputs {
  likelihood: string;
  score: number;
  confidenceLevel: number;
  reasons: string[];
  complexityScore: number;
  complexityLevel: string;
  flags: string[];
  potentialRefund: { low: number; medium: number; high: number } | undefined;
  estimates: { low: number; median: number; high: number };
  serviceApproach: string;
  summary: string;
  resultFields: Record<string, unknown>;
  trace: { stage: string; id: string; matched: boolean; counted: boolean; text?: string }[];
}

export function fromEngine(e: AssessmentEvaluation): ComparedOutputs {
  return {
    likelihood: e.eligibility.likelihood,
    score: e.eligibility.score,
    confidenceLevel: e.eligibility.confidenceLevel,
    reasons: e.eligibility.reasons,
    complexityScore: e.complexity.complexityScore,
    complexityLevel: e.complexity.complexityLevel,
    flags: e.complexity.flags.map((f) => f.id),
    potentialRefund: e.complexity.potentialRefund,
    estimates: e.value.estimates,
    serviceApproach: e.complexity.serviceApproach,
    summary: e.recommendation.summary,
    resultFields: e.resultFields,
    trace: e.trace.rules
      .filter((r) => r.stage === 'eligibility' || r.stage === 'complexity')
      .map((r) => ({
        stage: r.stage,
        id: r.id,
        matched: r.matched,
        counted: r.counted === true,
        ...(r.stage === 'eligibility' ? { text: r.text } : {}),
      })),
  };
}

export function fromHandwritten(h: SdltHandwrittenResult): ComparedOutputs {
  return {
    likelihood: h.likelihood,
    score: h.score,
    confidenceLevel: h.confidenceLevel,
    reasons: h.reasons,
    complexityScore: h.complexityScore,
    complexityLevel: h.complexityLevel,
    flags: h.flags,
    potentialRefund: h.potentialRefund,
    estimates: h.estimates,
    serviceApproach: h.serviceApproach,
    summary: h.summary,
    resultFields: h.resultFields,
    trace: h.trace.map((t) => ({ ...t })),
  };
}
