import type { AssessmentEvaluation } from '@reclaim/engine';

// The figures an adviser compares after "Try" (type-only engine import).
export interface OutcomeRow {
  key: string;
  label: string;
  value: (evaluation: AssessmentEvaluation) => string;
}

const money = (n: number | undefined) =>
  typeof n === 'number' && Number.isFinite(n)
    ? n.toLocaleString('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
    : '—';

export const OUTCOME_ROWS: OutcomeRow[] = [
  { key: 'likelihood', label: 'Likelihood', value: (e) => e.eligibility.likelihood },
  { key: 'score', label: 'Score', value: (e) => `${e.eligibility.score} / 100` },
  {
    key: 'complexity',
    label: 'Complexity',
    value: (e) => `${e.complexity.complexityLevel} (${e.complexity.complexityScore})`,
  },
  {
    key: 'value',
    label: 'Value (low – median – high)',
    value: (e) =>
      `${money(e.value.estimates.low)} – ${money(e.value.estimates.median)} – ${money(e.value.estimates.high)}`,
  },
  { key: 'approach', label: 'Approach', value: (e) => e.complexity.serviceApproach },
];
