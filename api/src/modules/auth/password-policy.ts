import commonPasswords from './common-passwords.json';

export const PASSWORD_MIN_LENGTH = 8;
// Long passphrases are welcome; the cap only stops multi-megabyte inputs reaching argon2.
export const PASSWORD_MAX_LENGTH = 1024;

const COMMON = new Set<string>(commonPasswords.map((p) => p.toLowerCase()));

/** ASVS 6.2: length ≥ 8, no composition rules, no truncation, common and context-specific passwords refused. */
export function passwordProblem(
  password: string,
  context: { email?: string; username?: string } = {},
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return 'This password is too common; choose another';
  const email = context.email?.toLowerCase();
  if (email && (lowered === email || lowered === email.split('@')[0]))
    return 'Password must not be your e-mail address';
  if (context.username && lowered === context.username.toLowerCase())
    return 'Password must not be your username';
  return null;
}
