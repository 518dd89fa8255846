// An error thrown inside a pipeline stage, tagged with the stage and the text a user reads.
import type { StageName } from './stage-name';

export class EvaluationError extends Error {
  readonly code = 'EVALUATION_FAILED';

  constructor(
    /** The pipeline stage that failed. */
    readonly stage: StageName,
    /** The spec text of that stage (e.g. "Failed to estimate potential value. Please try again."). */
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'EvaluationError';
  }

  /** What went wrong inside the stage (for logs and advisers, never shown to a client). */
  get detail(): string {
    const { cause } = this;
    return cause instanceof Error ? cause.message : String(cause);
  }
}

/** True for an EvaluationError, also across bundles (the web's and the API's copies of the engine). */
export function isEvaluationError(error: unknown): error is EvaluationError {
  return (
    error instanceof EvaluationError ||
    (error instanceof Error &&
      (error as { code?: unknown }).code === 'EVALUATION_FAILED' &&
      typeof (error as { stage?: unknown }).stage === 'string')
  );
}
