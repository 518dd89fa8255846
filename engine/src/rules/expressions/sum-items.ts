// `sumItems`: Σ over the items of an array fact of an expression that reads each item's cells with
// `{ "item": "<column>" }` and any fact as usual. Used with table answers and `mapItems` inputs
// (gifts using a band oldest first, investments within a yearly limit), never a service by name.
import type { SumItemsExpression } from '../../types';
import { ownValue } from '../own-value';
import type { CompiledExpression, ExpressionContext } from './expression-context';

/** Most items summed (a table holds at most 2,000 rows). */
export const SUM_ITEMS_MAX = 2000;

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/[£,\s]/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** `{ item: name }`: the cell of the current item as a number; none (or not a number) → 0. */
export function buildItemRef(name: string): CompiledExpression {
  return (ctx) => {
    const item = ctx.item;
    if (!item) return 0;
    return numeric(ownValue(item, name)) ?? 0;
  };
}

export function buildSumItems(
  expr: SumItemsExpression,
  part: (e: SumItemsExpression['expr']) => CompiledExpression,
): CompiledExpression {
  const name = expr.items;
  const each = part(expr.expr);
  return (ctx: ExpressionContext) => {
    const items = ownValue(ctx.facts, name);
    if (!Array.isArray(items)) return 0;
    let total = 0;
    const n = Math.min(items.length, SUM_ITEMS_MAX);
    for (let i = 0; i < n; i += 1) {
      const item: unknown = items[i];
      if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
      total += each({ ...ctx, item: item as Record<string, unknown> });
    }
    return total;
  };
}
