// Stage 9: the potential the complexity result carries (potentialRefund | Benefit | Savings).
import type { Range3 } from '../../types';
import {
  evalExpr,
  expressionScope,
  paramsOf,
  type FactSink,
  type StageOutput,
  type StageView,
} from './state';

const POTENTIAL_WORDS = {
  potentialRefund: 'Potential refund for the complexity screen',
  potentialBenefit: 'Potential benefit for the complexity screen',
  potentialSavings: 'Potential savings for the complexity screen',
} as const;

export function runPotential(view: StageView, out: FactSink): StageOutput<Range3> {
  const { low, medium, high, key } = view.definition.complexity.potential;
  const missing: string[] = [];
  const scope = expressionScope(view.facts, paramsOf(view), missing);
  const potential: Range3 = {
    low: evalExpr(scope, low),
    medium: evalExpr(scope, medium),
    high: evalExpr(scope, high),
  };
  out.give('potentialLow', potential.low);
  out.give('potentialMedium', potential.medium);
  out.give('potentialHigh', potential.high);
  // adviser detail only (no `text`): the client reads one value, the value card's
  const what = POTENTIAL_WORDS[key];
  const calculations = view.explain.figures([
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
  ]);
  return { result: potential, trace: { calculations }, missing };
}
