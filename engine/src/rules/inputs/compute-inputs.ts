// Stage 2: visible answers become calculator inputs, declaratively, in the order of `inputs[]`.
import type { AssessmentDefinition, Condition, InputSpec, TraceRule } from '../../types';
import { evaluateCondition, conditionFacts } from '../conditions/evaluate-condition';
import { evaluateExpression } from '../expressions/evaluate-expression';
import { scalarText } from '../operators';
import { addMonths, daysBetween, isIsoDate, monthsBetween, taxYearLabel } from './dates';

export interface ComputeInputsOptions {
  definition: Pick<AssessmentDefinition, 'inputs'>;
  /** Active answers by question id (ignored names never reach here). */
  answers: Record<string, unknown>;
  asOf: string;
  /** Inputs given directly by the caller: specs with these names are not recomputed. */
  given?: Record<string, unknown>;
  trace?: TraceRule[];
  onMissing?: (name: string) => void;
}

function read(scope: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : undefined;
}

// fact names of each `cases` condition, computed once per (frozen) definition object
const factNamesCache = new WeakMap<object, readonly string[]>();
function factsOf(condition: Condition): readonly string[] {
  let names = factNamesCache.get(condition);
  if (!names) {
    names = [...conditionFacts(condition)];
    factNamesCache.set(condition, names);
  }
  return names;
}

function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const cleaned = value.replace(/[£,\s]/g, '');
    if (cleaned === '') return undefined;
    const n = Number(cleaned);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function pick(facts: Record<string, unknown>, name: string): string | undefined {
  const v = read(facts, name);
  return isIsoDate(v) ? v : undefined;
}

function computeOne(
  spec: InputSpec,
  scope: Record<string, unknown>,
  asOf: string,
  trace: TraceRule[] | undefined,
  onMissing: ((name: string) => void) | undefined,
): unknown {
  switch (spec.kind) {
    case 'answer': {
      const v = read(scope, spec.from);
      return v === null ? undefined : v;
    }
    case 'number':
      return parseNumber(read(scope, spec.from));
    case 'map': {
      const v = read(scope, spec.from);
      if (v === undefined || v === null || v === '') return undefined;
      const key = scalarText(v);
      if (Object.prototype.hasOwnProperty.call(spec.map, key)) return spec.map[key];
      return spec.default;
    }
    case 'cases': {
      for (let i = 0; i < spec.cases.length; i += 1) {
        const c = spec.cases[i];
        if (c === undefined) continue;
        const matched = evaluateCondition(c.when, scope);
        if (trace) {
          const facts: Record<string, unknown> = {};
          for (const f of factsOf(c.when)) facts[f] = read(scope, f) ?? null;
          trace.push({
            stage: 'inputs',
            id: `${spec.name}#${i + 1}`,
            description: spec.description ?? spec.name,
            matched,
            facts,
            ...(typeof c.value === 'number' || typeof c.value === 'string' ? { value: c.value } : {}),
            counted: matched,
          });
        }
        if (matched) return c.value;
      }
      return spec.default;
    }
    case 'monthsSince': {
      const from = pick(scope, spec.from);
      return from === undefined ? undefined : monthsBetween(from, asOf);
    }
    case 'monthsBetween': {
      const from = pick(scope, spec.from);
      const to = pick(scope, spec.to);
      return from === undefined || to === undefined ? undefined : monthsBetween(from, to);
    }
    case 'daysBetween': {
      const from = pick(scope, spec.from);
      const to = pick(scope, spec.to);
      return from === undefined || to === undefined ? undefined : daysBetween(from, to);
    }
    case 'addMonths': {
      const from = pick(scope, spec.from);
      return from === undefined ? undefined : addMonths(from, spec.months);
    }
    case 'taxYear': {
      const from = pick(scope, spec.from);
      return from === undefined ? undefined : taxYearLabel(from);
    }
    case 'count': {
      const v = read(scope, spec.from);
      if (Array.isArray(v)) return v.length;
      return undefined;
    }
    case 'expression':
      return evaluateExpression(spec.expr, { facts: scope, params: {}, ...(onMissing ? { onMissing } : {}) });
    default: {
      const unknown: never = spec;
      throw new Error(`Unknown input kind ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Computes the inputs. Each spec reads the answers, `asOf` and the inputs before it.
 * With `given` inputs (the CLI's --inputs, the API's { inputs }) a spec whose name was given keeps
 * the given value; the other specs still derive what they can from the given inputs.
 */
export function computeInputs(options: ComputeInputsOptions): Record<string, unknown> {
  const { definition, answers, asOf, given, trace, onMissing } = options;
  const inputs: Record<string, unknown> = {};
  if (given) {
    for (const [k, v] of Object.entries(given)) if (v !== undefined) inputs[k] = v;
  }
  // Object.assign, not spread: V8 makes a spread copy slow to add properties to (~25× here)
  const scope: Record<string, unknown> = Object.assign({}, answers, inputs);
  scope.asOf = asOf;
  for (const spec of definition.inputs) {
    if (given && Object.prototype.hasOwnProperty.call(given, spec.name)) continue;
    const value = computeOne(spec, scope, asOf, trace, onMissing);
    if (value !== undefined) {
      inputs[spec.name] = value;
      scope[spec.name] = value;
    } else if (Object.prototype.hasOwnProperty.call(scope, spec.name)) {
      delete scope[spec.name];
    }
  }
  return inputs;
}
