// The Expression grammar of the definition format: a JSON tree of named numeric operators.
// Nothing is ever evaluated as code.
import type { BandTable, BandedTaxExpression, Condition, Expression } from '../../types';
import {
  compileCondition,
  isCompiledCondition,
  type CompiledCondition,
} from '../conditions/evaluate-condition';
import { roundHalfAwayFromZero, scalarText } from '../format';
import { compileOnce, isKept } from '../compile-once';
import { ownValue } from '../own-value';
import { buildItemRef, buildSumItems } from './sum-items';
import type { CompiledExpression, ExpressionContext } from './expression-context';

export type { CompiledExpression, ExpressionContext };

// kept here too for the callers that import it from the expressions (it lives in ../format)
export { roundHalfAwayFromZero };

export function toNumeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
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

/** An expression compiled to a closure: what evaluating the JSON tree does, without re-reading it. */

// compiled once per expression object of a loaded (deeply frozen) definition; a tree with any
// object that is not frozen is compiled again on every call, as it may have changed
const compiledExpressions = new WeakMap<object, CompiledExpression>();

function readFact(ctx: ExpressionContext, name: string): unknown {
  return ownValue(ctx.facts, name);
}

const zero: CompiledExpression = () => 0;

/**
 * The closure that evaluates `expr`: the same numbers, defaults, rounding and `onMissing` calls
 * (same names, same order) as reading the tree on each call. Nothing is evaluated as code. A tree
 * that cannot be compiled (not the grammar) gives a closure that throws when it is called, as
 * reading it would, so that an `if` branch never taken never throws.
 */
export function compileExpression(expr: Expression): CompiledExpression {
  if (typeof expr === 'number') return () => expr;
  return compileOnce(compiledExpressions, expr, compileParts);
}

/** build() with each part compiled, noting a part that is not kept (then neither is this tree). */
function compileParts(expr: Exclude<Expression, number>, notFrozen: () => void): CompiledExpression {
  const part = (e: Expression): CompiledExpression => {
    const fn = compileExpression(e);
    if (!isKept(compiledExpressions, e)) notFrozen();
    return fn;
  };
  const cond = (c: Condition): CompiledCondition => {
    const fn = compileCondition(c);
    if (!isCompiledCondition(c)) notFrozen();
    return fn;
  };
  return build(expr, part, cond);
}

export function evaluateExpression(expr: Expression, ctx: ExpressionContext): number {
  if (typeof expr === 'number') return expr;
  return compileExpression(expr)(ctx);
}

/** `args[i]` compiled, or 0 when there is none. */
function argAt(
  args: readonly Expression[],
  i: number,
  part: (e: Expression) => CompiledExpression,
): CompiledExpression {
  const e = args[i];
  return e === undefined ? zero : part(e);
}

function build(
  expr: Exclude<Expression, number>,
  part: (e: Expression) => CompiledExpression,
  cond: (c: Condition) => CompiledCondition,
): CompiledExpression {
  if ('param' in expr) {
    const name = expr.param;
    const missing = `param:${name}`;
    return (ctx) => {
      const n = toNumeric(ownValue(ctx.params, name));
      if (n === undefined) {
        ctx.onMissing?.(missing);
        return 0;
      }
      return n;
    };
  }
  if ('item' in expr) return buildItemRef(expr.item);
  if (!('op' in expr)) {
    const name = expr.fact;
    if ('default' in expr) {
      const fallback = expr.default;
      return (ctx) => {
        const n = toNumeric(readFact(ctx, name));
        return n !== undefined ? n : fallback;
      };
    }
    return (ctx) => {
      const n = toNumeric(readFact(ctx, name));
      if (n !== undefined) return n;
      ctx.onMissing?.(name);
      return 0;
    };
  }
  switch (expr.op) {
    case 'if': {
      const test = cond(expr.cond);
      const then = part(expr.then);
      const otherwise = part(expr.else);
      return (ctx) => (test(ctx.facts) ? then(ctx) : otherwise(ctx));
    }
    case 'round': {
      const x = argAt(expr.args, 0, part);
      if (expr.args.length > 1) {
        const decimals = argAt(expr.args, 1, part);
        return (ctx) => {
          const value = x(ctx);
          return roundHalfAwayFromZero(value, decimals(ctx));
        };
      }
      return (ctx) => roundHalfAwayFromZero(x(ctx), 0);
    }
    case 'lookup': {
      const { fact, table } = expr;
      const hasDefault = expr.default !== undefined;
      const fallback = expr.default ?? 0;
      return (ctx) => {
        const key = readFact(ctx, fact);
        if (key !== undefined && key !== null) {
          const k = scalarText(key);
          const hit = Object.prototype.hasOwnProperty.call(table, k) ? table[k] : undefined;
          if (hit !== undefined) return hit;
        } else if (!hasDefault) {
          ctx.onMissing?.(fact);
        }
        return fallback;
      };
    }
    case 'add': {
      const fns = expr.args.map(part);
      const [a, b] = fns;
      if (fns.length === 2 && a && b) return (ctx) => 0 + a(ctx) + b(ctx);
      return (ctx) => {
        let sum = 0;
        for (const f of fns) sum += f(ctx);
        return sum;
      };
    }
    case 'multiply': {
      const fns = expr.args.map(part);
      const [a, b] = fns;
      if (fns.length === 2 && a && b) return (ctx) => 1 * a(ctx) * b(ctx);
      return (ctx) => {
        let product = 1;
        for (const f of fns) product *= f(ctx);
        return product;
      };
    }
    case 'subtract': {
      if (expr.args[0] === undefined) return zero;
      const fns = expr.args.map(part);
      const [a, b] = fns;
      if (!a) return zero;
      if (fns.length === 2 && b) return (ctx) => a(ctx) - b(ctx);
      return (ctx) => {
        let acc = a(ctx);
        for (let i = 1; i < fns.length; i += 1) acc -= (fns[i] as CompiledExpression)(ctx);
        return acc;
      };
    }
    case 'divide': {
      const numerator = argAt(expr.args, 0, part);
      const denominator = argAt(expr.args, 1, part);
      return (ctx) => {
        const n = numerator(ctx);
        const d = denominator(ctx);
        return d === 0 ? 0 : n / d;
      };
    }
    case 'min':
    case 'max': {
      const pick = expr.op === 'min' ? Math.min : Math.max;
      const fns = expr.args.map(part);
      const [a, b] = fns;
      if (!a) return zero;
      if (fns.length === 1) return (ctx) => pick(a(ctx));
      if (fns.length === 2 && b) return (ctx) => pick(a(ctx), b(ctx));
      return (ctx) => pick(...fns.map((f) => f(ctx)));
    }
    case 'floor': {
      const x = argAt(expr.args, 0, part);
      return (ctx) => Math.floor(x(ctx));
    }
    case 'ceil': {
      const x = argAt(expr.args, 0, part);
      return (ctx) => Math.ceil(x(ctx));
    }
    case 'abs': {
      const x = argAt(expr.args, 0, part);
      return (ctx) => Math.abs(x(ctx));
    }
    case 'bandedTax':
      return buildBandedTax(expr, part);
    case 'sumItems':
      return buildSumItems(expr, part);
    case 'clamp': {
      const x = argAt(expr.args, 0, part);
      const lo = argAt(expr.args, 1, part);
      const hi = argAt(expr.args, 2, part);
      return (ctx) => {
        const value = x(ctx);
        const low = lo(ctx);
        return Math.min(Math.max(value, low), hi(ctx));
      };
    }
    default: {
      const unknown: never = expr;
      const message = `Unknown expression operator ${JSON.stringify(unknown)}`;
      return () => {
        throw new Error(message);
      };
    }
  }
}

function buildBandedTax(
  expr: BandedTaxExpression,
  part: (e: Expression) => CompiledExpression,
): CompiledExpression {
  const name = expr.bands;
  const missing = `param:${name}`;
  const amountOf = part(expr.amount);
  const surchargeOf = expr.surcharge === undefined ? undefined : part(expr.surcharge);
  const surchargeFromOf = expr.surchargeFrom === undefined ? undefined : part(expr.surchargeFrom);
  return (ctx) => {
    const table = Object.prototype.hasOwnProperty.call(ctx.params, name)
      ? asBandTable(ctx.params[name])
      : undefined;
    if (!table) {
      ctx.onMissing?.(missing);
      return 0;
    }
    const amount = amountOf(ctx);
    let surcharge = surchargeOf === undefined ? 0 : surchargeOf(ctx);
    if (surchargeFromOf !== undefined && amount < surchargeFromOf(ctx)) surcharge = 0;
    return bandedTax(amount, table, surcharge);
  };
}
