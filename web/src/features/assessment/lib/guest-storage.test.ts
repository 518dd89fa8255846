// A guest's Submit press is remembered for the sign-in that follows and honoured once.
import { afterEach, describe, expect, it } from 'vitest';
import { SUBMIT_PENDING_KEY, markSubmitPending, takeSubmitPending } from './guest-storage';

describe('submit pending after sign-in', () => {
  afterEach(() => sessionStorage.clear());

  it('is taken once: a second reader (another effect, a reload) does not submit again', () => {
    expect(takeSubmitPending()).toBe(false);
    markSubmitPending();
    expect(sessionStorage.getItem(SUBMIT_PENDING_KEY)).toBe('1');
    expect(takeSubmitPending()).toBe(true);
    expect(takeSubmitPending()).toBe(false);
    expect(sessionStorage.getItem(SUBMIT_PENDING_KEY)).toBeNull();
  });

  it('ignores a value it did not write', () => {
    sessionStorage.setItem(SUBMIT_PENDING_KEY, 'yes please');
    expect(takeSubmitPending()).toBe(false);
  });
});
