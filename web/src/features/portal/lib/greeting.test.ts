import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('greets a brand-new account (signed in by registering) with "Welcome", not "Welcome back"', () => {
    const joined = '2026-11-20T10:00:00.000Z';
    expect(greetingFor({ date_joined: joined, last_login: joined })).toBe('Welcome');
    expect(greetingFor({ date_joined: joined, last_login: null })).toBe('Welcome');
    expect(greetingFor({ date_joined: joined, last_login: '2026-11-20T10:20:00.000Z' })).toBe('Welcome');
  });

  it('greets a client who signed in again later with "Welcome back"', () => {
    expect(
      greetingFor({ date_joined: '2026-11-01T10:00:00.000Z', last_login: '2026-11-20T09:00:00.000Z' }),
    ).toBe('Welcome back');
  });
});
