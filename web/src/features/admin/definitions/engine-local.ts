// The engine in the browser (D7 "Validate" and the local side of "Try"). Only the lazily loaded
// editor imports this file, so @reclaim/engine (Ajv standalone validators, json-rules-engine)
// loads on /portal/definitions/:id and nowhere else in the portal. No eval: the validators were
// generated at build time.
import {
  evaluateAssessment,
  loadDefinition,
  type AssessmentEvaluation,
  type LoadedDefinition,
  type ParameterSet,
} from '@reclaim/engine';

export interface Issue {
  path: string;
  message: string;
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; issues: Issue[] };

/** JSON.parse with the syntax error as an issue (line and column when the browser gives them). */
export function parseJson(text: string, label = 'JSON'): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: `(${label})`, message: error instanceof Error ? error.message : 'is not valid JSON' }],
    };
  }
}

function issuesOf(error: unknown): Issue[] {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return issues.map((issue: { path?: unknown; message?: unknown }) => ({
      path: typeof issue.path === 'string' && issue.path ? issue.path : '/',
      message: typeof issue.message === 'string' ? issue.message : 'is invalid',
    }));
  }
  return [{ path: '/', message: error instanceof Error ? error.message : 'is invalid' }];
}

export type LoadResult = { ok: true; definition: LoadedDefinition } | { ok: false; issues: Issue[] };

/** The engine's loadDefinition: schema and semantic checks, every problem listed. */
export function loadLocally(json: unknown, parameterSets: ParameterSet[]): LoadResult {
  try {
    return { ok: true, definition: loadDefinition(json, { parameterSets }) };
  } catch (error) {
    return { ok: false, issues: issuesOf(error) };
  }
}

/** Parses and validates the editor text. */
export function validateText(text: string, parameterSets: ParameterSet[]): LoadResult {
  const parsed = parseJson(text, 'JSON');
  if (!parsed.ok) return parsed;
  if (!parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    return { ok: false, issues: [{ path: '/', message: 'must be an object' }] };
  }
  return loadLocally(parsed.value, parameterSets);
}

export function evaluateLocally(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
  asOf: string | undefined,
): Promise<AssessmentEvaluation> {
  return evaluateAssessment({ definition, answers, ...(asOf ? { asOf } : {}) });
}

/** The API's `errors: [{ field: "definition.eligibility.bands.0.min" }]` as engine paths. */
export function issuesFromApi(error: unknown): Issue[] | null {
  const data = (error as { data?: unknown } | null)?.data as { errors?: unknown } | undefined;
  if (!data || !Array.isArray(data.errors) || data.errors.length === 0) return null;
  return data.errors.map((e: { field?: unknown; message?: unknown }) => {
    const field = typeof e.field === 'string' ? e.field : '';
    const rest = field.replace(/^definition\.?/, '').replace(/^answers\.?/, '');
    const path = field.startsWith('answers')
      ? `answers${rest ? `.${rest}` : ''}`
      : `/${rest.split('.').filter(Boolean).join('/')}`;
    return { path, message: typeof e.message === 'string' ? e.message : 'is invalid' };
  });
}
