// Stage 2: visible answers become calculator inputs, declaratively, in the order of `inputs[]`.
import type {
  AssessmentDefinition,
  Condition,
  InputSpec,
  ParameterRef,
  ParameterSet,
  ParameterValueRef,
  TraceParameter,
  TraceRule,
} from '../../types';
import { resolveParameterRef } from '../parameters/resolve-parameters';
import { compileCondition, conditionFacts } from '../conditions/evaluate-condition';
import { compileExpression } from '../expressions/evaluate-expression';
import { scalarText } from '../format';
import { addMonths, daysBetween, isIsoDate, monthsBetween, taxYearLabel } from './dates';
import { isDeepFrozen } from '../../definitions/loaded-definition';
import { ownValue } from '../own-value';
import { getPath } from '../stages/result-fields';
import { compileShareMatching, type InputContext } from './share-matching-input';
import { compileMapItems } from './map-items';
import { compileTextInput } from './text-input';
import { addDays as addDaysTo, compileAddDays, compileExtremeDate, compileTaxYearEnd } from './date-inputs';

export interface ComputeInputsOptions {
  definition: Pick<AssessmentDefinition, 'inputs'> & Partial<Pick<AssessmentDefinition, 'parameters'>>;
  /** Active answers by question id (ignored names never reach here). */
  answers: Record<string, unknown>;
  asOf: string;
  /** Inputs given directly by the caller: specs with these names are not recomputed. */
  given?: Record<string, unknown>;
  trace?: TraceRule[];
  onMissing?: (name: string) => void;
  /** Dated parameters for input kinds that look rates up themselves (`shareMatching`). */
  parameterSets?: Readonly<Record<string, ParameterSet>>;
  /** Where those kinds record each parameter value they used, with its source. */
  parameterTrace?: TraceParameter[];
}

function read(scope: Record<string, unknown>, name: string): unknown {
  return ownValue(scope, name);
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

/** One input spec compiled: its value from the scope (undefined: none). */
type CompiledInput = (
  scope: Record<string, unknown>,
  asOf: string,
  trace: TraceRule[] | undefined,
  onMissing: ((name: string) => void) | undefined,
  context: InputContext,
) => unknown;

const noParams: Record<string, never> = Object.freeze({});

/**
 * A whole number of months or days read from a dated parameter (`{ "param": name }`): a missing
 * value (no ref, nothing in force, not a number) leaves the input without a value and lists the
 * name as missing, as an expression reading it would.
 */
function compileParameterNumber({ param }: ParameterValueRef) {
  return (
    scope: Record<string, unknown>,
    asOf: string,
    onMissing: ((name: string) => void) | undefined,
    context: InputContext,
  ): number | undefined => {
    const value = context.parameter?.(param, scope, asOf);
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    onMissing?.(param);
    return undefined;
  };
}

type ParameterReader = NonNullable<InputContext['parameter']>;

/**
 * The reader of a definition's refs by name: made once per loaded (deeply frozen) definition's refs
 * and sets, not per evaluation (a function made per evaluation is wrapped by keepNames under tsx).
 * The ref's dateFact is asOf or an earlier input (checked at load): the value the parameters stage
 * resolves and traces for the same ref.
 */
const readers = new WeakMap<readonly ParameterRef[], { sets: object; read: ParameterReader }>();
function parameterReader(
  refs: readonly ParameterRef[],
  parameterSets: Readonly<Record<string, ParameterSet>>,
): ParameterReader {
  const known = readers.get(refs);
  if (known && known.sets === parameterSets) return known.read;
  const byName = new Map(refs.map((ref) => [ref.name, ref]));
  const read: ParameterReader = (name, scope, asOf) => {
    const ref = byName.get(name);
    return ref ? resolveParameterRef(ref, parameterSets, scope, asOf)?.value : undefined;
  };
  if (isDeepFrozen(refs)) readers.set(refs, { sets: parameterSets, read });
  return read;
}

/** A spec as a closure: what computing it reads and does, worked out once per spec. */
function compileOne(spec: InputSpec): CompiledInput {
  switch (spec.kind) {
    case 'answer': {
      const { from } = spec;
      return (scope) => {
        const v = read(scope, from);
        return v === null ? undefined : v;
      };
    }
    case 'number': {
      const { from } = spec;
      return (scope) => parseNumber(read(scope, from));
    }
    case 'map': {
      const { from, map } = spec;
      const fallback = spec.default;
      return (scope) => {
        const v = read(scope, from);
        if (v === undefined || v === null || v === '') return undefined;
        const key = scalarText(v);
        if (Object.prototype.hasOwnProperty.call(map, key)) return map[key];
        return fallback;
      };
    }
    case 'cases': {
      const description = spec.description ?? spec.name;
      const fallback = spec.default;
      const cases = spec.cases.map((c, i) => ({
        matches: compileCondition(c.when),
        value: c.value,
        id: `${spec.name}#${i + 1}`,
        facts: factsOf(c.when),
        traced: typeof c.value === 'number' || typeof c.value === 'string',
      }));
      return (scope, _asOf, trace) => {
        for (const c of cases) {
          const matched = c.matches(scope);
          if (trace) {
            const facts: Record<string, unknown> = {};
            for (const f of c.facts) facts[f] = read(scope, f) ?? null;
            trace.push({
              stage: 'inputs',
              id: c.id,
              description,
              matched,
              facts,
              ...(c.traced ? { value: c.value as number | string } : {}),
              counted: matched,
            });
          }
          if (matched) return c.value;
        }
        return fallback;
      };
    }
    case 'monthsSince': {
      const { from } = spec;
      return (scope, asOf) => {
        const date = pick(scope, from);
        return date === undefined ? undefined : monthsBetween(date, asOf);
      };
    }
    case 'monthsBetween': {
      const { from, to } = spec;
      return (scope) => {
        const start = pick(scope, from);
        const end = pick(scope, to);
        return start === undefined || end === undefined ? undefined : monthsBetween(start, end);
      };
    }
    case 'daysBetween': {
      const { from, to } = spec;
      return (scope) => {
        const start = pick(scope, from);
        const end = pick(scope, to);
        return start === undefined || end === undefined ? undefined : daysBetween(start, end);
      };
    }
    case 'addMonths': {
      const { from, months } = spec;
      if (typeof months === 'number')
        return (scope) => {
          const date = pick(scope, from);
          return date === undefined ? undefined : addMonths(date, months);
        };
      const readMonths = compileParameterNumber(months);
      return (scope, asOf, _trace, onMissing, context) => {
        const date = pick(scope, from);
        if (date === undefined) return undefined;
        const n = readMonths(scope, asOf, onMissing, context);
        return n === undefined ? undefined : addMonths(date, n);
      };
    }
    case 'taxYear': {
      const { from } = spec;
      return (scope) => {
        const date = pick(scope, from);
        return date === undefined ? undefined : taxYearLabel(date);
      };
    }
    case 'count': {
      const { from } = spec;
      return (scope) => {
        const v = read(scope, from);
        if (Array.isArray(v)) return v.length;
        return undefined;
      };
    }
    case 'path': {
      const { from, path } = spec;
      return (scope) => {
        const v = getPath(read(scope, from), path);
        return v === null ? undefined : v;
      };
    }
    case 'first': {
      const names = spec.from;
      return (scope) => {
        for (const name of names) {
          const v = read(scope, name);
          if (v !== undefined && v !== null && v !== '') return v;
        }
        return undefined;
      };
    }
    case 'shareMatching': {
      const match = compileShareMatching(spec);
      return (scope, _asOf, _trace, _onMissing, context) => match(scope, context);
    }
    case 'mapItems': {
      // each row's fields are input specs of their own, computed without a trace
      const mapItems = compileMapItems(spec, (field) => {
        const compute = compileOne(field);
        return (scope, asOf) => compute(scope, asOf, undefined, undefined, {});
      });
      return (scope, asOf) => mapItems(scope, asOf);
    }
    case 'addDays': {
      const { days } = spec;
      if (typeof days === 'object' && 'param' in days) {
        const readDays = compileParameterNumber(days);
        return (scope, asOf, _trace, onMissing, context) => {
          const date = pick(scope, spec.from);
          if (date === undefined) return undefined;
          const n = readDays(scope, asOf, onMissing, context);
          return n === undefined ? undefined : addDaysTo(date.slice(0, 10), n);
        };
      }
      const add = compileAddDays(spec);
      return (scope) => add(scope);
    }
    case 'taxYearEnd': {
      const end = compileTaxYearEnd(spec);
      return (scope) => end(scope);
    }
    case 'latestDate':
    case 'earliestDate': {
      const pickDate = compileExtremeDate(spec);
      return (scope) => pickDate(scope);
    }
    case 'text': {
      const text = compileTextInput(spec);
      return (scope, _asOf, trace) => text(scope, trace);
    }
    case 'expression': {
      const evaluate = compileExpression(spec.expr);
      return (scope, _asOf, _trace, onMissing) =>
        evaluate(
          onMissing ? { facts: scope, params: noParams, onMissing } : { facts: scope, params: noParams },
        );
    }
    default: {
      const unknown: never = spec;
      const message = `Unknown input kind ${JSON.stringify(unknown)}`;
      return () => {
        throw new Error(message);
      };
    }
  }
}

// the specs of a loaded (deeply frozen) definition are compiled once; others on every call
const compiledInputs = new WeakMap<readonly InputSpec[], readonly CompiledInput[]>();

function compileInputs(specs: readonly InputSpec[]): readonly CompiledInput[] {
  const known = compiledInputs.get(specs);
  if (known) return known;
  const compiled = specs.map((spec): CompiledInput => {
    try {
      return compileOne(spec);
    } catch (error) {
      // not the grammar: thrown when the spec is computed, as reading it would (a given input never is)
      return () => {
        throw error;
      };
    }
  });
  if (isDeepFrozen(specs)) compiledInputs.set(specs, compiled);
  return compiled;
}

/**
 * Computes the inputs. Each spec reads the answers, `asOf` and the inputs before it.
 * With `given` inputs (the CLI's --inputs, the API's { inputs }) a spec whose name was given keeps
 * the given value; the other specs still derive what they can from the given inputs.
 */
export function computeInputs(options: ComputeInputsOptions): Record<string, unknown> {
  const { definition, answers, asOf, given, trace, onMissing } = options;
  const parameterSets =
    options.parameterSets ??
    (definition as { parameterSets?: Readonly<Record<string, ParameterSet>> }).parameterSets;
  // set field by field: three spreads of small objects per evaluation showed in a generic profile
  const context: InputContext = {};
  if (parameterSets) context.parameterSets = parameterSets;
  if (options.parameterTrace) context.parameterTrace = options.parameterTrace;
  if (trace) context.trace = trace;
  const refs = definition.parameters;
  if (parameterSets && refs && refs.length > 0) context.parameter = parameterReader(refs, parameterSets);
  const inputs: Record<string, unknown> = {};
  if (given) {
    for (const [k, v] of Object.entries(given)) if (v !== undefined) inputs[k] = v;
  }
  // Object.assign, not spread: V8 makes a spread copy slow to add properties to (~25× here)
  const scope: Record<string, unknown> = Object.assign({}, answers, inputs);
  scope.asOf = asOf;
  const specs = definition.inputs;
  const compiled = compileInputs(specs);
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i] as InputSpec;
    if (given && Object.prototype.hasOwnProperty.call(given, spec.name)) continue;
    const value = (compiled[i] as CompiledInput)(scope, asOf, trace, onMissing, context);
    if (value !== undefined) {
      inputs[spec.name] = value;
      scope[spec.name] = value;
    } else if (Object.prototype.hasOwnProperty.call(scope, spec.name)) {
      delete scope[spec.name];
    }
  }
  return inputs;
}
