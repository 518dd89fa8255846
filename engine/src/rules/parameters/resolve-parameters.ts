// Stage 3: dated parameter lookup, by the UK tax year containing a date or by the date itself.
import type { ParameterRef, ParameterSet, ParameterValueType, TraceParameter } from '../../types';
import { isIsoDate, taxYearStartDate } from '../inputs/dates';

export interface ParameterValue {
  value: ParameterValueType;
  from: string;
  to: string | null;
  source: string;
  sourceTitle: string;
  sourceUrl?: string;
  sourceCite?: { title: string; url?: string };
}

/** The value of `key` in force on `date` (from ≤ date ≤ to, `to: null` = open), or undefined. */
export function lookupParameter(set: ParameterSet, key: string, date: string): ParameterValue | undefined {
  const parameter = Object.prototype.hasOwnProperty.call(set.parameters, key)
    ? set.parameters[key]
    : undefined;
  if (!parameter) return undefined;
  const day = date.slice(0, 10);
  for (const entry of parameter.values) {
    if (entry.from <= day && (entry.to === null || day <= entry.to)) {
      const source = Object.prototype.hasOwnProperty.call(set.sources, entry.source)
        ? set.sources[entry.source]
        : undefined;
      return {
        value: entry.value,
        from: entry.from,
        to: entry.to,
        source: entry.source,
        sourceTitle: source?.title ?? entry.source,
        ...(source?.url !== undefined ? { sourceUrl: source.url } : {}),
        ...(source?.cite !== undefined ? { sourceCite: { ...source.cite } } : {}),
      };
    }
  }
  return undefined;
}

/** Looks a parameter up by tax year (the value in force on 6 April of the date's tax year) or by date. */
export function lookupParameterBy(
  set: ParameterSet,
  key: string,
  by: ParameterRef['by'],
  date: string,
): ParameterValue | undefined {
  const on = by === 'taxYear' ? taxYearStartDate(date) : date;
  return on === undefined ? undefined : lookupParameter(set, key, on);
}

// a loaded parameter set is frozen: what it holds for a key on a day is looked up once (maps of
// maps, so that no key string is built per lookup)
const lookedUp = new WeakMap<ParameterSet, Map<string, Map<string, ParameterValue | undefined>>>();

function lookupOnce(set: ParameterSet, key: string, date: string): ParameterValue | undefined {
  if (!Object.isFrozen(set)) return lookupParameter(set, key, date);
  let byKey = lookedUp.get(set);
  if (!byKey) {
    byKey = new Map();
    lookedUp.set(set, byKey);
  }
  let byDate = byKey.get(key);
  if (!byDate) {
    byDate = new Map();
    byKey.set(key, byDate);
  }
  let found = byDate.get(date);
  if (found === undefined && !byDate.has(date)) {
    if (byDate.size >= 10_000) byDate.clear();
    found = lookupParameter(set, key, date);
    byDate.set(date, found);
  }
  return found;
}

/**
 * The value of one ref as `resolveParameters` gives it: on the ref's `dateFact` (by tax year or
 * date), else on `asOf`. Inputs that read a window from a parameter use it, so the date they
 * compute and the traced parameter agree.
 */
export function resolveParameterRef(
  ref: ParameterRef,
  parameterSets: Readonly<Record<string, ParameterSet>>,
  facts: Record<string, unknown>,
  asOf: string,
): ParameterValue | undefined {
  const set = Object.prototype.hasOwnProperty.call(parameterSets, ref.set)
    ? parameterSets[ref.set]
    : undefined;
  if (!set) return undefined;
  const dateValue = Object.prototype.hasOwnProperty.call(facts, ref.dateFact)
    ? facts[ref.dateFact]
    : undefined;
  const date = isIsoDate(dateValue) ? dateValue : asOf;
  const on = ref.by === 'taxYear' ? taxYearStartDate(date) : date;
  return on === undefined ? undefined : lookupOnce(set, ref.key, on);
}

export interface ResolveParametersOptions {
  refs: readonly ParameterRef[];
  parameterSets: Readonly<Record<string, ParameterSet>>;
  facts: Record<string, unknown>;
  asOf: string;
}

/**
 * Resolves every ref. The date is the ref's `dateFact`; when that fact is missing (not answered)
 * the lookup uses `asOf`, so an estimate still uses the rules in force today. A ref with no value in
 * force is left out (expressions reading it get 0 and the name is traced as missing).
 */
export function resolveParameters(options: ResolveParametersOptions): {
  values: Record<string, ParameterValueType>;
  trace: TraceParameter[];
} {
  const values: Record<string, ParameterValueType> = {};
  const trace: TraceParameter[] = [];
  // the refs of a definition share a few dates: each is checked, and its tax year found, once
  const onDates = {
    taxYear: new Map<unknown, string | undefined>(),
    date: new Map<unknown, string | undefined>(),
  };
  for (const ref of options.refs) {
    const set = options.parameterSets[ref.set];
    if (!set) throw new Error(`Parameter set "${ref.set}" is not loaded`);
    const dateValue = options.facts[ref.dateFact];
    const known = ref.by === 'taxYear' ? onDates.taxYear : onDates.date;
    let on = known.get(dateValue);
    if (on === undefined && !known.has(dateValue)) {
      const date = isIsoDate(dateValue) ? dateValue : options.asOf;
      on = ref.by === 'taxYear' ? taxYearStartDate(date) : date;
      known.set(dateValue, on);
    }
    const found = on === undefined ? undefined : lookupOnce(set, ref.key, on);
    if (!found) continue;
    values[ref.name] = found.value;
    const entry: TraceParameter = {
      name: ref.name,
      set: ref.set,
      key: ref.key,
      value: found.value,
      from: found.from,
      to: found.to,
      source: found.source,
      sourceTitle: found.sourceTitle,
    };
    if (found.sourceUrl !== undefined) entry.sourceUrl = found.sourceUrl;
    if (found.sourceCite !== undefined) entry.sourceCite = found.sourceCite;
    const parameter = set.parameters[ref.key];
    if (parameter) {
      entry.description = parameter.description;
      entry.unit = parameter.unit;
    }
    trace.push(entry);
  }
  return { values, trace };
}
