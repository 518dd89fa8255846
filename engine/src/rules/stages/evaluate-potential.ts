// Stage 9: the potential the complexity result carries (potentialRefund | Benefit | Savings).
import type { Range3 } from '../../types';
import { evalExpr, type EvaluationState } from './state';

const POTENTIAL_WORDS = {
  potentialRefund: 'Potential refund for the complexity screen',
  potentialBenefit: 'Potential benefit for the complexity screen',
  potentialSavings: 'Potential savings for the complexity screen',
} as const;

export function runPotential(state: EvaluationState): Range3 {
  const { low, medium, high, key } = state.definition.complexity.potential;
  const potential: Range3 = {
    low: evalExpr(state, low),
    medium: evalExpr(state, medium),
    high: evalExpr(state, high),
  };
  state.facts.potentialLow = potential.low;
  state.facts.potentialMedium = potential.medium;
  state.facts.potentialHigh = potential.high;
  // adviser detail only (no `text`): the client reads one value, the value card's
  const what = POTENTIAL_WORDS[key];
  if (!state.outcomeOnly)
    state.trace.calculations.push(
      {
        id: 'potentialLow',
        description: `${what} (low)`,
        value: potential.low,
        unit: 'GBP',
        stage: 'potential',
      },
      {
        id: 'potentialMedium',
        description: `${what} (medium)`,
        value: potential.medium,
        unit: 'GBP',
        stage: 'potential',
      },
      {
        id: 'potentialHigh',
        description: `${what} (high)`,
        value: potential.high,
        unit: 'GBP',
        stage: 'potential',
      },
    );
  state.potential = potential;
  return potential;
}
