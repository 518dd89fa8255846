// The release gate (issue 29 §4): a definition draft is submitted for review only when every rule
// and parameter reference it adds or changes is exercised by at least one of its embedded test
// cases (read from each test's trace), and every test passes. Its own function, called from the
// submit path beside the draft's checks, so other pre-submit checks sit beside it.
import { BadRequestException } from '@nestjs/common';
import { formatDate, type ParameterSet } from '@reclaim/engine';
import {
  changedParameterValues,
  definitionCoverage,
  onlyEnded,
  parameterSetCoverage,
  type ParameterCoverage,
  type ParameterReader,
  type ReleaseCoverage,
} from '@reclaim/engine/testing';
import type { LoadedDefinition } from './engine-adapter';

export const RELEASE_GATE_MESSAGE =
  'Every changed rule and parameter needs a passing test that exercises it before review';

/** The coverage as the API sends it (snake_case). */
export function coverageBody(coverage: ReleaseCoverage) {
  return {
    ok: coverage.ok,
    failing_tests: coverage.failing,
    failing_reasons: coverage.failing.map((name) => coverage.failureReasons[name] ?? ''),
    items: coverage.items.map((i) => ({
      kind: i.kind,
      id: i.id,
      label: i.label,
      covered_by: i.coveredBy,
    })),
  };
}

export async function releaseCoverage(
  draft: LoadedDefinition,
  inForce: Record<string, unknown> | null,
): Promise<ReleaseCoverage> {
  return definitionCoverage(draft, inForce);
}

/** A parameter draft's coverage as the API sends it: with the published tests whose outcome changes. */
export function parameterCoverageBody(coverage: ParameterCoverage) {
  return { ...coverageBody(coverage), changed_outcomes: coverage.changedOutcomes };
}

/** 400 `{ message, problems, coverage }` naming what is not covered and which tests fail. */
function refuseUncovered(coverage: ReleaseCoverage, body: Record<string, unknown>): never {
  const reasons = coverage.failureReasons;
  const uncovered = coverage.items.filter((i) => i.coveredBy.length === 0);
  const lines = [
    ...uncovered.map((i) =>
      i.kind === 'parameter' && i.id.includes('@')
        ? `“${i.label}” is not read by any passing test: add a test dated in its period.`
        : `${i.kind === 'rule' ? 'Rule' : 'Parameter'} “${i.label}” is not exercised by any passing test.`,
    ),
    ...coverage.failing.map((name) =>
      reasons[name] ? `Test “${name}” fails: ${reasons[name]}.` : `Test “${name}” fails.`,
    ),
  ];
  throw new BadRequestException({ message: RELEASE_GATE_MESSAGE, problems: lines, coverage: body });
}

/** 400 `{ message, problems, coverage }` naming what is not covered and which tests fail. */
export async function assertReleaseGate(
  draft: LoadedDefinition,
  inForce: Record<string, unknown> | null,
): Promise<void> {
  const coverage = await releaseCoverage(draft, inForce);
  if (!coverage.ok) refuseUncovered(coverage, coverageBody(coverage));
}

/**
 * The parameter draft's coverage (engine parameterSetCoverage): each dated value it adds or changes
 * needs a passing test that reads it: one of the draft's own tests, or an embedded test of a
 * published definition reading the set (`readers`, loaded with the draft).
 */
export function parameterCoverage(
  stored: ParameterSet | null,
  draft: ParameterSet,
  readers: readonly ParameterReader[],
): Promise<ParameterCoverage> {
  return parameterSetCoverage(stored, draft, readers);
}

/** The same 400 as a definition draft's gate, for a parameter draft. */
export async function assertParameterGate(
  stored: ParameterSet | null,
  draft: ParameterSet,
  readers: readonly ParameterReader[],
): Promise<void> {
  const coverage = await parameterCoverage(stored, draft, readers);
  if (!coverage.ok) refuseUncovered(coverage, parameterCoverageBody(coverage));
}

/**
 * A legal reference in words: an Act, section, Schedule, paragraph or regulation, a statutory
 * instrument, or an HMRC manual page (SDLTM…, CG…).
 */
const LEGAL_REFERENCE =
  /\b(Act|Finance Act|FA \d{4}|TCGA|ITA|CTA|section|s\.?\s?\d+|Schedule|Sch\.?\s?\d+|paragraph|para\.?\s?\d+|regulations?|SI \d{4}|[A-Z]{2,6}M?\d{3,6}|manual)\b/;

export const PARAMETER_SOURCES_MESSAGE =
  'Every changed parameter value needs a source with a link and a legal reference before review';

/**
 * The parameter half of the gate: every dated value a parameter draft adds or changes names a
 * source of the set that has a link, and a legal reference (in the source's title or the value's
 * note). 400 `{ message, problems }` naming each value in words.
 */
export function assertParameterSources(stored: ParameterSet | null, draft: ParameterSet): void {
  const problems: string[] = [];
  for (const v of changedParameterValues(stored, draft)) {
    // A period only ended (its "to" set when a new one starts) states nothing new.
    if (onlyEnded(stored, draft, v.key, v.from)) continue;
    const source = draft.sources[v.source];
    const what = `“${v.description}” from ${formatDate(v.from)}`;
    if (!source?.url) problems.push(`${what}: its source (${source?.title ?? v.source}) has no link.`);
    const text = `${source?.title ?? ''} ${v.note ?? ''}`;
    if (!LEGAL_REFERENCE.test(text))
      problems.push(
        `${what}: add a legal reference (Act and section, or manual page) to its note or source.`,
      );
  }
  if (problems.length > 0) throw new BadRequestException({ message: PARAMETER_SOURCES_MESSAGE, problems });
}
