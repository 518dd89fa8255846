import { PASSWORD_POLICY } from '../app/api-constraints.gen';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** UK numbers: digits, spaces, brackets, + and -, 10 to 13 digits. */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return /^[\d\s()+-]+$/.test(value.trim()) && digits.length >= 10 && digits.length <= 13;
}

export const PASSWORD_MIN_LENGTH = PASSWORD_POLICY.minLength;

/** The API's length policy for a new password, with its texts (counted in characters, as the API does). */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length === 0) return 'Password is required';
  if (length < PASSWORD_POLICY.minLength)
    return `Password must be at least ${PASSWORD_POLICY.minLength} characters`;
  if (length > PASSWORD_POLICY.maxLength)
    return `Password must be at most ${PASSWORD_POLICY.maxLength} characters`;
  return null;
}
