import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, redact, REDACTED } from './logger';

afterEach(() => vi.restoreAllMocks());

describe('logger redaction', () => {
  it('redacts password, token, access, refresh and authorization fields at any depth', () => {
    const out = redact({
      email: 'a@b.c',
      password: 'hunter2-hunter2',
      nested: { deeper: [{ access: 'x', refresh: 'y', new_password: 'z', current_password: 'q' }] },
      headers: { Authorization: 'Bearer abc', accept: 'application/json' },
      reset_token: 't',
      tokens: { access: 'a' },
    });
    expect(out).toEqual({
      email: 'a@b.c',
      password: REDACTED,
      nested: {
        deeper: [{ access: REDACTED, refresh: REDACTED, new_password: REDACTED, current_password: REDACTED }],
      },
      headers: { Authorization: REDACTED, accept: 'application/json' },
      reset_token: REDACTED,
      tokens: REDACTED,
    });
  });

  it('redacts bearer credentials and JWTs inside strings', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(redact(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact(`token was ${jwt} here`)).toBe(`token was ${REDACTED} here`);
  });

  it('never writes a secret to the console', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logger.error('login failed for eyJabc.eyJdef.ghi', {
      body: { username: 'u@x.y', password: 'Secret-Pass-1' },
    });
    const printed = JSON.stringify(spy.mock.calls);
    expect(printed).not.toContain('Secret-Pass-1');
    expect(printed).not.toContain('eyJabc');
    expect(printed).toContain('u@x.y');
  });

  it('copes with circular objects and errors', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redact(a)).toEqual({ name: 'a', self: '[Circular]' });
    expect(redact(new Error('Bearer abc.def'))).toEqual({ name: 'Error', message: `Bearer ${REDACTED}` });
  });
});
