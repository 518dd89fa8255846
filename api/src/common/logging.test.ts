import { describe, expect, it } from 'vitest';
import { redactDeep, REDACTED, redactUrl } from './logging';

describe('log redaction', () => {
  it('redacts secret-named keys at any depth, case-insensitively', () => {
    const out = redactDeep({
      a: {
        b: {
          c: {
            Password: 'p1',
            new_password: 'p2',
            list: [{ refresh: 'r', access: 'a', Authorization: 'Bearer x' }],
          },
        },
      },
      keep: 'visible',
    });
    expect(out).toEqual({
      a: {
        b: {
          c: {
            Password: REDACTED,
            new_password: REDACTED,
            list: [{ refresh: REDACTED, access: REDACTED, Authorization: REDACTED }],
          },
        },
      },
      keep: 'visible',
    });
  });

  it('replaces JWT-shaped strings and argon2 hashes inside any string', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const text = `failed: insert into users values ('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', '${jwt}')`;
    const out = redactDeep({ message: text }) as { message: string };
    expect(out.message).not.toContain('eyJ');
    expect(out.message).not.toContain('argon2id$v=19');
    expect(out.message).toContain('failed: insert into users');
  });

  it('cuts reset tokens and token query parameters out of URLs', () => {
    expect(redactUrl('/password-reset-confirm/7b0c/SECRET123?x=1')).toBe(
      `/password-reset-confirm/7b0c/${REDACTED}?x=1`,
    );
    expect(redactUrl('/x/?token=abc&page=2&refresh=def')).toBe(
      `/x/?token=${REDACTED}&page=2&refresh=${REDACTED}`,
    );
  });
});
