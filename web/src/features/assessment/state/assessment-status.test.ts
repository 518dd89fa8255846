import { describe, expect, it } from 'vitest';
import { ASSESSMENT_MESSAGES } from '../messages';
import { screenStatus, type ScreenStatusInput } from './assessment-status';

const ready: ScreenStatusInput = {
  loadError: null,
  hasRecord: true,
  hasDefinition: true,
  stepChosen: true,
  definitionUnusable: false,
  definitionFetchFailed: false,
};

describe('screenStatus', () => {
  it('is ready with a record, its definition and a chosen step', () => {
    expect(screenStatus(ready)).toEqual({ status: 'ready', error: null });
  });

  it('is loading until the record, the definition and the start step are there', () => {
    expect(screenStatus({ ...ready, hasRecord: false })).toEqual({ status: 'loading', error: null });
    expect(screenStatus({ ...ready, hasDefinition: false })).toEqual({ status: 'loading', error: null });
    expect(screenStatus({ ...ready, stepChosen: false })).toEqual({ status: 'loading', error: null });
  });

  it('shows the load error first, then an unusable or unreachable definition', () => {
    expect(screenStatus({ ...ready, loadError: 'gone', definitionUnusable: true })).toEqual({
      status: 'error',
      error: 'gone',
    });
    expect(screenStatus({ ...ready, definitionUnusable: true, definitionFetchFailed: true })).toEqual({
      status: 'error',
      error: ASSESSMENT_MESSAGES.noSteps,
    });
    expect(screenStatus({ ...ready, definitionFetchFailed: true })).toEqual({
      status: 'error',
      error: ASSESSMENT_MESSAGES.notInitiated,
    });
  });

  it('names no definition problem before the record is there', () => {
    expect(screenStatus({ ...ready, hasRecord: false, definitionUnusable: true })).toEqual({
      status: 'loading',
      error: null,
    });
  });
});
