// What a compiled expression reads (its own module, so the operators beside evaluate-expression.ts
// can name it without importing that file back).
import type { ParameterValueType } from '../../types';

export interface ExpressionContext {
  facts: Record<string, unknown>;
  params: Record<string, ParameterValueType>;
  /** Called with the name of a fact or parameter that was missing (default or 0 used). */
  onMissing?: (name: string) => void;
  /** The item `sumItems` is on: what `{ "item": … }` reads. */
  item?: Record<string, unknown>;
}

export type CompiledExpression = (ctx: ExpressionContext) => number;
