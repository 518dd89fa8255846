// The release gate (issue 29 §4): a definition draft is submitted for review only when every rule
// and parameter reference it adds or changes is exercised by at least one of its embedded test
// cases (read from each test's trace), and every test passes. Its own function, called from the
// submit path beside the draft's checks, so other pre-submit checks sit beside it.
import { BadRequestException } from '@nestjs/common';
import { definitionCoverage, type ReleaseCoverage } from '@reclaim/engine/testing';
import type { LoadedDefinition } from './engine-adapter';

export const RELEASE_GATE_MESSAGE =
  'Every changed rule and parameter needs a passing test that exercises it before review';

/** The coverage as the API sends it (snake_case). */
export function coverageBody(coverage: ReleaseCoverage) {
  return {
    ok: coverage.ok,
    failing_tests: coverage.failing,
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

/** 400 `{ message, coverage }` naming what is not covered and which tests fail. */
export async function assertReleaseGate(
  draft: LoadedDefinition,
  inForce: Record<string, unknown> | null,
): Promise<void> {
  const coverage = await releaseCoverage(draft, inForce);
  if (coverage.ok) return;
  const uncovered = coverage.items.filter((i) => i.coveredBy.length === 0);
  const lines = [
    ...uncovered.map(
      (i) => `${i.kind === 'rule' ? 'Rule' : 'Parameter'} “${i.label}” is not exercised by any passing test.`,
    ),
    ...coverage.failing.map((name) => `Test “${name}” fails.`),
  ];
  throw new BadRequestException({
    message: RELEASE_GATE_MESSAGE,
    problems: lines,
    coverage: coverageBody(coverage),
  });
}
