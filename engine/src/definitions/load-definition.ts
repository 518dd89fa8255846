// loadDefinition: schema check (standalone Ajv validators generated at build time) + semantic
// checks → a deeply frozen LoadedDefinition, or a DefinitionError listing every problem.
import type { AssessmentDefinition, ParameterSet } from '../types';
import { validateAssessmentDefinition, validateParameterSet } from '../generated/validators';
import { ajvIssues } from './ajv-issues';
import { DefinitionError, type DefinitionIssue } from './definition-error';
import { deepFreeze, markLoaded, type LoadedDefinition } from './loaded-definition';
import { semanticIssues } from './semantic-checks';

export interface LoadDefinitionOptions {
  /** Parameter sets by id (or a list of them); raw JSON is checked with loadParameterSet. */
  parameterSets?: Readonly<Record<string, unknown>> | readonly unknown[];
}

const loadedSets = new WeakSet<object>();

function label(json: unknown, kind: string): string {
  if (json !== null && typeof json === 'object') {
    const { id, version } = json as { id?: unknown; version?: unknown };
    if (typeof id === 'string') return `${kind} "${id}"${typeof version === 'number' ? ` v${version}` : ''}`;
  }
  return kind;
}

/** Checks a dated parameter file (definitions/parameters/<id>.json). */
export function loadParameterSet(json: unknown): ParameterSet {
  if (json !== null && typeof json === 'object' && loadedSets.has(json)) return json as ParameterSet;
  if (!validateParameterSet(json))
    throw new DefinitionError(label(json, 'Parameter set'), ajvIssues(validateParameterSet.errors));
  const set = json as ParameterSet;
  const issues: DefinitionIssue[] = [];
  for (const [key, parameter] of Object.entries(set.parameters)) {
    const sorted = parameter.values.map((v, i) => ({ ...v, i })).sort((a, b) => a.from.localeCompare(b.from));
    sorted.forEach((v, j) => {
      const p = `/parameters/${key}/values/${v.i}`;
      if (!Object.prototype.hasOwnProperty.call(set.sources, v.source)) {
        issues.push({ path: `${p}/source`, message: `unknown source "${v.source}" (not a key of sources)` });
      }
      if (v.to !== null && v.to < v.from)
        issues.push({ path: `${p}/to`, message: `ends (${v.to}) before it starts (${v.from})` });
      const bandIssue = checkBandValue(parameter.unit, v.value);
      if (bandIssue) issues.push({ path: `${p}/value`, message: bandIssue });
      const next = sorted[j + 1];
      if (next && (v.to === null || v.to >= next.from)) {
        issues.push({ path: `${p}/to`, message: `overlaps the value from ${next.from}` });
      }
    });
  }
  if (issues.length > 0) throw new DefinitionError(label(json, 'Parameter set'), issues);
  const frozen = deepFreeze(structuredClone(set));
  loadedSets.add(frozen);
  return frozen;
}

/** A `bands` value is a band table with ascending upper ends and an open last band; other units are not. */
function checkBandValue(
  unit: ParameterSet['parameters'][string]['unit'],
  value: unknown,
): string | undefined {
  if (unit !== 'bands')
    return Array.isArray(value) ? `a band table needs unit "bands", not "${unit}"` : undefined;
  if (!Array.isArray(value)) return 'unit "bands" needs a band table ([{ upTo, rate }, …])';
  const bands = value as { upTo: number | null }[];
  for (let i = 0; i < bands.length; i += 1) {
    const upTo = bands[i]?.upTo ?? null;
    const last = i === bands.length - 1;
    if (last && upTo !== null) return 'the last band must be open (upTo: null)';
    if (!last && upTo === null) return `band ${i + 1} is open but is not the last`;
    const previous = i > 0 ? bands[i - 1]?.upTo : 0;
    if (upTo !== null && typeof previous === 'number' && upTo <= previous)
      return `band ${i + 1} ends at ${upTo}, not above the band before it`;
  }
  return undefined;
}

function collectSets(option: LoadDefinitionOptions['parameterSets']): Record<string, ParameterSet> {
  const sets: Record<string, ParameterSet> = {};
  if (!option) return sets;
  const list: unknown[] = Array.isArray(option) ? [...(option as readonly unknown[])] : Object.values(option);
  for (const raw of list) {
    const set = loadParameterSet(raw);
    sets[set.id] = set;
  }
  return sets;
}

/** Validates a definition file and returns it frozen with the parameter sets it refers to. */
export function loadDefinition(json: unknown, options: LoadDefinitionOptions = {}): LoadedDefinition {
  if (!validateAssessmentDefinition(json)) {
    throw new DefinitionError(
      label(json, 'Assessment definition'),
      ajvIssues(validateAssessmentDefinition.errors),
    );
  }
  const allSets = collectSets(options.parameterSets);
  const issues = semanticIssues(json as AssessmentDefinition, allSets);
  if (issues.length > 0) throw new DefinitionError(label(json, 'Assessment definition'), issues);
  const definition = structuredClone(json) as AssessmentDefinition;
  const used: Record<string, ParameterSet> = {};
  for (const ref of definition.parameters ?? []) {
    const set = allSets[ref.set];
    if (set) used[ref.set] = set;
  }
  Object.defineProperty(definition, 'parameterSets', { value: Object.freeze(used), enumerable: false });
  const loaded = deepFreeze(definition as LoadedDefinition);
  markLoaded(loaded);
  return loaded;
}
