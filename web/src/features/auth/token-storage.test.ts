import { describe, expect, it } from 'vitest';
import {
  clearTokens,
  getAccessToken,
  getSessionExpiry,
  hasLiveSession,
  isSessionExpired,
  startSession,
  updateTokens,
} from './token-storage';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('token storage', () => {
  it('a session expires 1 day after login', () => {
    startSession({ access: 'a', refresh: 'r' }, false, now);
    expect(getSessionExpiry()).toBe(now + DAY);
    expect(isSessionExpired(now + DAY - 1)).toBe(false);
    expect(isSessionExpired(now + DAY)).toBe(true);
    expect(hasLiveSession(now + DAY)).toBe(false);
  });

  it('with remember the session lasts 30 days', () => {
    startSession({ access: 'a', refresh: 'r' }, true, now);
    expect(getSessionExpiry()).toBe(now + 30 * DAY);
    expect(isSessionExpired(now + 2 * DAY)).toBe(false);
    expect(isSessionExpired(now + 30 * DAY)).toBe(true);
  });

  it('refreshing tokens does not move the expiry', () => {
    startSession({ access: 'a', refresh: 'r' }, false, now);
    updateTokens({ access: 'b', refresh: 'r2' });
    expect(getAccessToken()).toBe('b');
    expect(getSessionExpiry()).toBe(now + DAY);
  });

  it('clearing removes everything', () => {
    startSession({ access: 'a', refresh: 'r' }, true, now);
    clearTokens();
    expect(localStorage.length).toBe(0);
    expect(isSessionExpired(now)).toBe(true);
  });
});
