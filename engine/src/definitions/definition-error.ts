export interface DefinitionIssue {
  /** JSON pointer into the definition file, e.g. "/eligibility/bands/0/min" ("" = the whole file). */
  path: string;
  /** A plain message, e.g. "must be a number". */
  message: string;
}

/** A definition or parameter file that failed schema or semantic checks; lists every problem. */
export class DefinitionError extends Error {
  readonly code = 'DEFINITION_INVALID';
  readonly issues: DefinitionIssue[];

  constructor(what: string, issues: DefinitionIssue[]) {
    const lines = issues.map((i) => `  ${i.path === '' ? '/' : i.path}: ${i.message}`);
    super(
      `${what} is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
    );
    this.name = 'DefinitionError';
    this.issues = issues;
  }
}
