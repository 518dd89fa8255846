// The release gate's coverage (issue 29 §4): which rules and parameters a draft changes against
// the version in force, and which of the draft's embedded test cases exercise each of them, read
// from the evaluation's trace (a rule a test's evaluation matched; a parameter value a test's
// evaluation read). A change is covered when at least one passing test exercises it.
import type { LoadedDefinition } from '../definitions/loaded-definition';
import { versionInForce } from '../definitions/registry';
import { evaluateAssessment } from '../rules/evaluate-assessment';
import { formatDate } from '../rules/format';
import { getPath } from '../rules/stages/result-fields';
import type { AssessmentDefinition, AssessmentEvaluation, DefinitionTest, ParameterSet } from '../types';
import { describeExpectation } from './describe';
import { matchesExpected } from './match';

export interface CoverageItem {
  kind: 'rule' | 'parameter';
  /** Rule id, or "set/key" for a parameter (with "@from" for one dated value). */
  id: string;
  /** In the adviser's words: the rule's description or the parameter's description and period. */
  label: string;
  /** Names of the passing tests that exercise it. */
  coveredBy: string[];
}

export interface ReleaseCoverage {
  items: CoverageItem[];
  /** Names of the embedded tests that fail (a failing test covers nothing). */
  failing: string[];
  /** By failing test: why it fails, in words. */
  failureReasons: Record<string, string>;
  /** Covered and every test passes. */
  ok: boolean;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every rule of a definition by id (the ids its trace uses), with its JSON and description. */
export function rulesOf(def: unknown): Map<string, { json: string; description: string }> {
  const out = new Map<string, { json: string; description: string }>();
  if (!isObj(def)) return out;
  const add = (list: unknown) => {
    for (const r of arr(list)) {
      if (isObj(r) && typeof r.id === 'string')
        out.set(r.id, {
          json: JSON.stringify(r),
          description: typeof r.description === 'string' ? r.description : r.id,
        });
    }
  };
  const eligibility = isObj(def.eligibility) ? def.eligibility : {};
  add(eligibility.rules);
  add(eligibility.overrides);
  const complexity = isObj(def.complexity) ? def.complexity : {};
  add(complexity.flags);
  const value = isObj(def.value) ? def.value : {};
  for (const s of arr(value.selections)) if (isObj(s)) add(s.rules);
  const approach = isObj(def.approach) ? def.approach : {};
  add(approach.rules);
  for (const l of arr(def.lists)) if (isObj(l)) add(l.rules);
  return out;
}

/** The rules a draft adds or changes against the version before it (all of them when none). */
export function changedRules(before: unknown, after: unknown): { id: string; description: string }[] {
  const old = rulesOf(before);
  return [...rulesOf(after)]
    .filter(([id, r]) => old.get(id)?.json !== r.json)
    .map(([id, r]) => ({ id, description: r.description }));
}

/**
 * Which input reads which parameter ref (`"months": { "param": … }`, `"days": { "param": … }`), as
 * "input → ref" pairs: a window that moves from a literal into a parameter is a parameter reference.
 */
function inputParameterReads(d: unknown): Set<string> {
  const out = new Set<string>();
  for (const input of arr(isObj(d) ? d.inputs : undefined)) {
    if (!isObj(input)) continue;
    for (const field of ['months', 'days']) {
      const value = input[field];
      if (isObj(value) && typeof value.param === 'string') out.add(`${String(input.name)} → ${value.param}`);
    }
  }
  return out;
}

/**
 * The parameter references (name → set/key) a draft adds or changes: refs of `parameters[]` that are
 * new or differ, and refs an input reads that it did not read before.
 */
export function changedParameterRefs(
  before: unknown,
  after: unknown,
): { name: string; set: string; key: string }[] {
  const refs = (d: unknown) =>
    new Map(
      arr(isObj(d) ? d.parameters : undefined)
        .filter(isObj)
        .map((p) => [String(p.name), JSON.stringify(p)] as const),
    );
  const old = refs(before);
  const oldReads = inputParameterReads(before);
  const newlyRead = new Set<string>();
  for (const read of inputParameterReads(after))
    if (!oldReads.has(read)) newlyRead.add(read.slice(read.indexOf(' → ') + 3));
  return arr(isObj(after) ? after.parameters : undefined)
    .filter(isObj)
    .filter((p) => old.get(String(p.name)) !== JSON.stringify(p) || newlyRead.has(String(p.name)))
    .map((p) => ({ name: String(p.name), set: String(p.set), key: String(p.key) }));
}

/** The dated values a parameter set draft adds or changes against the set in force. */
export function changedParameterValues(
  before: ParameterSet | null,
  after: ParameterSet,
): { set: string; key: string; from: string; description: string; source: string; note?: string }[] {
  const out: {
    set: string;
    key: string;
    from: string;
    description: string;
    source: string;
    note?: string;
  }[] = [];
  for (const [key, p] of Object.entries(after.parameters)) {
    const old = before?.parameters[key]?.values ?? [];
    for (const v of p.values) {
      const was = old.find((o) => o.from === v.from);
      if (was && JSON.stringify(was) === JSON.stringify(v)) continue;
      out.push({
        set: after.id,
        key,
        from: v.from,
        description: p.description,
        source: v.source,
        ...(v.note ? { note: v.note } : {}),
      });
    }
  }
  return out;
}

export interface TestRun {
  name: string;
  passed: boolean;
  evaluation: AssessmentEvaluation | null;
  /** Why it failed, in words: the first expectation not met, or what stopped the evaluation. */
  reason?: string;
}

/** Runs one test case against a loaded definition, keeping its evaluation (its trace). */
export async function runTestWithTrace(definition: LoadedDefinition, test: DefinitionTest): Promise<TestRun> {
  try {
    const evaluation = await evaluateAssessment({
      definition,
      asOf: test.asOf,
      ...(test.inputs ? { inputs: test.inputs } : { answers: test.answers ?? {} }),
    });
    for (const [path, expected] of Object.entries(test.expect)) {
      const actual = getPath(evaluation, path) ?? null;
      if (!matchesExpected(expected, actual))
        return {
          name: test.name,
          passed: false,
          evaluation,
          reason: `expected ${describeExpectation(definition, path, expected)}; got ${describeExpectation(definition, path, actual)}`,
        };
    }
    return { name: test.name, passed: true, evaluation };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { name: test.name, passed: false, evaluation: null, reason: `it could not be evaluated: ${why}` };
  }
}

/** Runs every embedded test of a definition, keeping each evaluation (its trace) for coverage. */
export async function runTestsWithTrace(definition: LoadedDefinition): Promise<TestRun[]> {
  const runs: TestRun[] = [];
  for (const test of definition.tests) runs.push(await runTestWithTrace(definition, test));
  return runs;
}

const baseRuleId = (id: string) => id.replace(/#\d+$/, '');

/** Which passing tests exercise a rule (their evaluation matched it). */
export function testsMatchingRule(runs: TestRun[], id: string): string[] {
  return runs
    .filter((r) => r.passed && r.evaluation?.trace.rules.some((t) => t.matched && baseRuleId(t.id) === id))
    .map((r) => r.name);
}

/** Which passing tests read a parameter (optionally its value from one date). */
export function testsReadingParameter(runs: TestRun[], set: string, key: string, from?: string): string[] {
  return runs
    .filter(
      (r) =>
        r.passed &&
        r.evaluation?.trace.parameters.some(
          (p) => p.set === set && p.key === key && (from === undefined || p.from === from),
        ),
    )
    .map((r) => r.name);
}

/**
 * The coverage of a definition draft against the version in force: every rule it adds or
 * changes, and every parameter reference it adds or changes, with the passing tests that
 * exercise it.
 */
export async function definitionCoverage(
  draft: LoadedDefinition,
  inForce: AssessmentDefinition | Json | null,
): Promise<ReleaseCoverage> {
  const runs = await runTestsWithTrace(draft);
  const items: CoverageItem[] = [
    ...changedRules(inForce, draft).map((r) => ({
      kind: 'rule' as const,
      id: r.id,
      label: r.description,
      coveredBy: testsMatchingRule(runs, r.id),
    })),
    ...changedParameterRefs(inForce, draft).map((p) => ({
      kind: 'parameter' as const,
      id: `${p.set}/${p.key}`,
      label: p.name,
      coveredBy: testsReadingParameter(runs, p.set, p.key),
    })),
  ];
  const failed = runs.filter((r) => !r.passed);
  const failing = failed.map((r) => r.name);
  return {
    items,
    failing,
    failureReasons: Object.fromEntries(failed.map((r) => [r.name, r.reason ?? ''])),
    ok: failing.length === 0 && items.every((i) => i.coveredBy.length > 0),
  };
}

/**
 * Whether a changed dated value only had its end set (a new period starting after it): it states
 * nothing new, so neither the sources check nor the coverage asks anything of it.
 */
export function onlyEnded(
  before: ParameterSet | null,
  after: ParameterSet,
  key: string,
  from: string,
): boolean {
  const strip = (x: object | undefined) => (x ? JSON.stringify({ ...x, to: null }) : undefined);
  const was = before?.parameters[key]?.values.find((o) => o.from === from);
  const now = after.parameters[key]?.values.find((o) => o.from === from);
  return was !== undefined && strip(was) === strip(now);
}

/** A published definition version that reads a parameter set, loaded with the draft of that set (readers are published: own tests choose among them by date). */
export interface ParameterReader {
  definition: LoadedDefinition;
  /** How the adviser knows it: "SDLT refund v4". */
  label: string;
}

export interface ParameterCoverage extends ReleaseCoverage {
  /**
   * Embedded tests of the published definitions that fail with the draft's values: outcomes the
   * change alters (shown to the submitter and the reviewer; a rate change is meant to change some).
   */
  changedOutcomes: string[];
}

/**
 * The release gate's coverage of a parameter-set draft (issue 29 §4): every dated value it adds or
 * changes (not one whose end was only set) needs a passing test that reads that value: one of the
 * draft's own tests (each run against the version of its definition in force on its date), or an
 * embedded test of a published definition reading the set. The draft's own tests must all pass.
 */
export async function parameterSetCoverage(
  before: ParameterSet | null,
  after: ParameterSet,
  readers: readonly ParameterReader[],
): Promise<ParameterCoverage> {
  const own: TestRun[] = [];
  for (const test of after.tests ?? []) {
    const versions = readers
      .filter((r) => r.definition.id === test.definition || r.definition.aliases?.includes(test.definition))
      .map((r) => ({
        version: r.definition.version,
        status: 'published',
        effectiveFrom: r.definition.effectiveFrom,
        definition: r.definition,
      }));
    const inForce = versionInForce(versions, test.asOf);
    own.push(
      inForce
        ? await runTestWithTrace(inForce.definition, test)
        : {
            name: test.name,
            passed: false,
            evaluation: null,
            reason: `no published version of ${test.definition} reading these parameters is in force on ${formatDate(test.asOf)}`,
          },
    );
  }
  const embedded: TestRun[] = [];
  for (const r of readers)
    for (const run of await runTestsWithTrace(r.definition))
      embedded.push({ ...run, name: `${r.label}: ${run.name}` });
  const runs = [...own, ...embedded];
  const items: CoverageItem[] = changedParameterValues(before, after)
    .filter((v) => !onlyEnded(before, after, v.key, v.from))
    .map((v) => ({
      kind: 'parameter' as const,
      id: `${v.set}/${v.key}@${v.from}`,
      label: `${v.description} from ${formatDate(v.from)}`,
      coveredBy: testsReadingParameter(runs, v.set, v.key, v.from),
    }));
  const failing = own.filter((r) => !r.passed).map((r) => r.name);
  return {
    items,
    failing,
    failureReasons: Object.fromEntries(own.filter((r) => !r.passed).map((r) => [r.name, r.reason ?? ''])),
    changedOutcomes: embedded.filter((r) => !r.passed).map((r) => r.name),
    ok: failing.length === 0 && items.every((i) => i.coveredBy.length > 0),
  };
}
