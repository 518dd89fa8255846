import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_GUESSABLE, passwordProblem, userInputs } from './password-policy';

describe('password policy (zxcvbn beside the common-password list)', () => {
  it('refuses the passwords issue 25 found accepted', () => {
    for (const password of ['Passw0rd!', 'Summer2024!', 'reclaim123'])
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_GUESSABLE);
  });

  it('keeps the breached-list check and its own message', () => {
    expect(passwordProblem('password')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('12345678')).toBe(PASSWORD_TOO_COMMON);
  });

  it("counts the product's and the person's words as guessed first", () => {
    const context = {
      email: 'tobias.wren@example.test',
      username: 'tobias',
      displayName: 'Tobias Wrenfield',
    };
    expect(userInputs(context)).toEqual(
      expect.arrayContaining(['reclaim', 'tobias', 'wrenfield', 'example']),
    );
    // Strong-looking on its own, weak once the name is known.
    const password = 'Wrenfield1987!';
    expect(passwordProblem(password)).toBeNull();
    expect(passwordProblem(password, context)).toBe(PASSWORD_TOO_GUESSABLE);
  });

  it('accepts passphrases and random eight-character passwords (no composition rules)', () => {
    for (const password of ['vkqzmpwt', 'glimmer-otter', 'Correct-horse-1-battery', 'quiet lantern meadow'])
      expect(passwordProblem(password), password).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024/);
    expect(passwordProblem('short7!')).toMatch(/at least 8/);
  });
});
