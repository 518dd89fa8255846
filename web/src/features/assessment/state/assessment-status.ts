// What a questionnaire screen shows: loading, ready or an error, from the record's load and the
// definition's (pure, tested in assessment-status.test.ts).
import { ASSESSMENT_MESSAGES } from '../messages';

export type ScreenStatus = 'loading' | 'ready' | 'error';

export interface ScreenStatusInput {
  loadError: string | null;
  hasRecord: boolean;
  hasDefinition: boolean;
  /** Whether the start step has been chosen. */
  stepChosen: boolean;
  definitionUnusable: boolean;
  definitionFetchFailed: boolean;
}

export function screenStatus(input: ScreenStatusInput): { status: ScreenStatus; error: string | null } {
  let status: ScreenStatus = 'loading';
  let error = input.loadError;
  if (input.loadError === null && input.hasRecord) {
    if (input.definitionUnusable) error = ASSESSMENT_MESSAGES.noSteps;
    else if (input.definitionFetchFailed) error = ASSESSMENT_MESSAGES.notInitiated;
    else if (input.hasDefinition && input.stepChosen) status = 'ready';
  }
  if (error !== null) status = 'error';
  return { status, error };
}
