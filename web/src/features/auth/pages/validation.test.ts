import { describe, expect, it } from 'vitest';
import { validateLogin } from './LoginPage';
import { validateSignup } from './SignupPage';

describe('login validation', () => {
  it('requires email and password', () => {
    expect(validateLogin('', '')).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin('a@b.co', 'x')).toEqual({});
  });
});

describe('sign-up validation', () => {
  const ok = {
    name: '',
    email: 'ann@example.com',
    password: 'Long-passphrase-1',
    confirm: 'Long-passphrase-1',
    terms: true,
  };
  it('accepts a valid form (the name is optional)', () => {
    expect(validateSignup(ok)).toEqual({});
  });
  it('rejects a bad e-mail, a short password, a mismatch and unaccepted terms', () => {
    expect(validateSignup({ ...ok, email: 'ann@' }).email).toBe('Please enter a valid email address');
    expect(validateSignup({ ...ok, password: 'short', confirm: 'short' }).password).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateSignup({ ...ok, confirm: 'other' }).confirm).toBe('Passwords do not match');
    expect(validateSignup({ ...ok, terms: false }).terms).toBe(
      'Please accept the Terms of Service and Privacy Policy',
    );
  });
});
