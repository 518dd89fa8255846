const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** UK numbers: digits, spaces, brackets, + and -, 10 to 13 digits. */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return /^[\d\s()+-]+$/.test(value.trim()) && digits.length >= 10 && digits.length <= 13;
}

export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return null;
}

/** Focuses the first invalid field after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
