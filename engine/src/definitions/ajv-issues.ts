// Turns standalone Ajv errors into { path, message } issues a person can act on.
import type { StandaloneValidationError } from '../generated/validators';
import type { DefinitionIssue } from './definition-error';

function describe(error: StandaloneValidationError): { path: string; message: string } {
  const params = error.params;
  const base = error.message ?? `fails ${error.keyword}`;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = typeof params.additionalProperty === 'string' ? params.additionalProperty : '';
      return { path: `${error.instancePath}/${extra}`, message: `unknown property "${extra}" (${base})` };
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues)
        ? params.allowedValues.map((v) => JSON.stringify(v)).join(', ')
        : '';
      return { path: error.instancePath, message: `${base}: ${allowed}` };
    }
    case 'const':
      return { path: error.instancePath, message: `${base}: ${JSON.stringify(params.allowedValue)}` };
    default:
      return { path: error.instancePath, message: base };
  }
}

export function ajvIssues(
  errors: readonly StandaloneValidationError[] | null | undefined,
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // "must match then schema" only repeats the errors of the branch that follows it
    if (error.keyword === 'if') continue;
    const issue = describe(error);
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
