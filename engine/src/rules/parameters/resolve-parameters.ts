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
  const onDates = new Map<string, string | undefined>();
  for (const ref of options.refs) {
    const set = options.parameterSets[ref.set];
    if (!set) throw new Error(`Parameter set "${ref.set}" is not loaded`);
    const dateValue = options.facts[ref.dateFact];
    const memo = `${ref.by}|${typeof dateValue === 'string' ? dateValue : ''}`;
    let on = onDates.get(memo);
    if (on === undefined && !onDates.has(memo)) {
      const date = isIsoDate(dateValue) ? dateValue : options.asOf;
      on = ref.by === 'taxYear' ? taxYearStartDate(date) : date;
      onDates.set(memo, on);
    }
    const found = on === undefined ? undefined : lookupParameter(set, ref.key, on);
    if (!found) continue;
    values[ref.name] = found.value;
    const parameter = set.parameters[ref.key];
    trace.push({
      name: ref.name,
      set: ref.set,
      key: ref.key,
      ...found,
      ...(parameter ? { description: parameter.description, unit: parameter.unit } : {}),
    });
  }
  return { values, trace };
}
