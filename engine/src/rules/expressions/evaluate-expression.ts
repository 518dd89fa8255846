// The Expression grammar of the definition format: a JSON tree of named numeric operators.
// Nothing is ever evaluated as code.
import type { BandTable, BandedTaxExpression, Expression, ParameterValueType } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { scalarText } from '../operators';

export interface ExpressionContext {
  facts: Record<string, unknown>;
  params: Record<string, ParameterValueType>;
  /** Called with the name of a fact or parameter that was missing (default or 0 used). */
  onMissing?: (name: string) => void;
}

export function toNumeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Rounds half away from zero to `decimals` places (2.5 → 3, −2.5 → −3, 1.005 → 1.01). */
export function roundHalfAwayFromZero(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) return 0;
  const factor = 10 ** decimals;
  const raw = Math.abs(x) * factor;
  if (Number.isInteger(raw)) return x < 0 ? -raw / factor : raw / factor;
  // toPrecision(15) removes binary noise such as 1.005 × 100 = 100.49999999999999
  const scaled = Number(raw.toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return x < 0 ? -rounded : rounded;
}

/** A band table as the `bands` unit holds it, or undefined for anything else. */
export function asBandTable(value: unknown): BandTable | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  for (const band of value as unknown[]) {
    if (band === null || typeof band !== 'object') return undefined;
    const { upTo, rate } = band as { upTo?: unknown; rate?: unknown };
    if (typeof rate !== 'number' || !(upTo === null || typeof upTo === 'number')) return undefined;
  }
  return value as BandTable;
}

/** Removes binary noise (0.05 + 0.03 = 0.08000000000000002) before a rounding down. */
const clean = (x: number): number => Number(x.toPrecision(12));

/**
 * Tax on `amount` by `table`: each band's slice × (its rate + surcharge), every slice rounded
 * down to the pound, summed (HMRC's SDLT calculator works this way).
 */
export function bandedTax(amount: number, table: BandTable, surcharge = 0): number {
  if (!(amount > 0)) return 0;
  let lower = 0;
  let total = 0;
  for (const band of table) {
    const upper = band.upTo ?? Infinity;
    const slice = Math.min(amount, upper) - lower;
    if (slice > 0) total += Math.floor(clean(slice * clean(band.rate + surcharge)));
    if (amount <= upper) break;
    lower = upper;
  }
  return total;
}

function evaluateBandedTax(expr: BandedTaxExpression, ctx: ExpressionContext): number {
  const table = Object.prototype.hasOwnProperty.call(ctx.params, expr.bands)
    ? asBandTable(ctx.params[expr.bands])
    : undefined;
  if (!table) {
    ctx.onMissing?.(`param:${expr.bands}`);
    return 0;
  }
  const amount = evaluateExpression(expr.amount, ctx);
  let surcharge = expr.surcharge === undefined ? 0 : evaluateExpression(expr.surcharge, ctx);
  if (expr.surchargeFrom !== undefined && amount < evaluateExpression(expr.surchargeFrom, ctx)) surcharge = 0;
  return bandedTax(amount, table, surcharge);
}

function readFact(ctx: ExpressionContext, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(ctx.facts, name) ? ctx.facts[name] : undefined;
}

function arg(args: readonly Expression[], i: number, ctx: ExpressionContext): number {
  const e = args[i];
  return e === undefined ? 0 : evaluateExpression(e, ctx);
}

export function evaluateExpression(expr: Expression, ctx: ExpressionContext): number {
  if (typeof expr === 'number') return expr;
  if ('param' in expr) {
    const value = Object.prototype.hasOwnProperty.call(ctx.params, expr.param)
      ? ctx.params[expr.param]
      : undefined;
    const n = toNumeric(value);
    if (n === undefined) {
      ctx.onMissing?.(`param:${expr.param}`);
      return 0;
    }
    return n;
  }
  if (!('op' in expr)) {
    const n = toNumeric(readFact(ctx, expr.fact));
    if (n !== undefined) return n;
    if ('default' in expr) return expr.default;
    ctx.onMissing?.(expr.fact);
    return 0;
  }
  switch (expr.op) {
    case 'if':
      return evaluateExpression(evaluateCondition(expr.cond, ctx.facts) ? expr.then : expr.else, ctx);
    case 'round':
      return roundHalfAwayFromZero(arg(expr.args, 0, ctx), expr.args.length > 1 ? arg(expr.args, 1, ctx) : 0);
    case 'lookup': {
      const key = readFact(ctx, expr.fact);
      const table = expr.table;
      if (key !== undefined && key !== null) {
        const k = scalarText(key);
        const hit = Object.prototype.hasOwnProperty.call(table, k) ? table[k] : undefined;
        if (hit !== undefined) return hit;
      } else if (expr.default === undefined) {
        ctx.onMissing?.(expr.fact);
      }
      return expr.default ?? 0;
    }
    // loops, not reduce with a closure: calculations run on every evaluation
    case 'add': {
      let sum = 0;
      for (const e of expr.args) sum += evaluateExpression(e, ctx);
      return sum;
    }
    case 'multiply': {
      let product = 1;
      for (const e of expr.args) product *= evaluateExpression(e, ctx);
      return product;
    }
    case 'subtract': {
      const args = expr.args;
      const first = args[0];
      if (first === undefined) return 0;
      let acc = evaluateExpression(first, ctx);
      for (let i = 1; i < args.length; i += 1) acc -= evaluateExpression(args[i] as Expression, ctx);
      return acc;
    }
    case 'divide': {
      const numerator = arg(expr.args, 0, ctx);
      const denominator = arg(expr.args, 1, ctx);
      return denominator === 0 ? 0 : numerator / denominator;
    }
    case 'min':
      return expr.args.length === 0 ? 0 : Math.min(...expr.args.map((e) => evaluateExpression(e, ctx)));
    case 'max':
      return expr.args.length === 0 ? 0 : Math.max(...expr.args.map((e) => evaluateExpression(e, ctx)));
    case 'floor':
      return Math.floor(arg(expr.args, 0, ctx));
    case 'ceil':
      return Math.ceil(arg(expr.args, 0, ctx));
    case 'abs':
      return Math.abs(arg(expr.args, 0, ctx));
    case 'bandedTax':
      return evaluateBandedTax(expr, ctx);
    case 'clamp': {
      const x = arg(expr.args, 0, ctx);
      const lo = arg(expr.args, 1, ctx);
      const hi = arg(expr.args, 2, ctx);
      return Math.min(Math.max(x, lo), hi);
    }
    default: {
      const unknown: never = expr;
      throw new Error(`Unknown expression operator ${JSON.stringify(unknown)}`);
    }
  }
}
