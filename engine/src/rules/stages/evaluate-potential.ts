// Stage 9: the potential the complexity result carries (potentialRefund | Benefit | Savings).
import type { Range3 } from '../../types';
import { evalExpr, type EvaluationState } from './state';

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
  state.trace.calculations.push(
    { id: 'potentialLow', description: `${key} (low)`, value: potential.low, unit: 'GBP' },
    { id: 'potentialMedium', description: `${key} (medium)`, value: potential.medium, unit: 'GBP' },
    { id: 'potentialHigh', description: `${key} (high)`, value: potential.high, unit: 'GBP' },
  );
  state.potential = potential;
  return potential;
}
