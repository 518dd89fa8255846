import { API_CONSTRAINTS, type FieldConstraints } from '../../app/api-constraints.gen';
import { isEmail, passwordProblem } from '../../lib/validation';

// The API's limits for a request-DTO field (generated from its class-validator metadata, see
// app/api-constraints.gen.ts) as react-hook-form rules, in the words of the form that uses them.

export type Dto = keyof typeof API_CONSTRAINTS;
export type DtoField<D extends Dto> = keyof (typeof API_CONSTRAINTS)[D] & string;

/** The form's words for each failed check; each has a default. */
export interface RuleTexts {
  /** Shown for an empty value; giving it makes the field required even where the API allows empty. */
  required?: string;
  email?: string;
  url?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
}

export const RULE_TEXTS = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  url: 'Please enter a full web address, starting with https://',
  minLength: (n: number) => `Please use at least ${n} characters`,
  maxLength: (n: number) => `Please use at most ${n} characters`,
  pattern: 'Please check the format of this field',
};

/** One check of a string field: true when it passes, else the text to show. */
type Check = (value: string) => string | true;

/** An absolute http or https address (the API's IsUrl with require_protocol). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function apiConstraints<D extends Dto>(dto: D, field: DtoField<D>): FieldConstraints {
  return (API_CONSTRAINTS[dto] as Record<string, FieldConstraints>)[field] ?? {};
}

/**
 * Rules for a text field checked like `dto.field` on the API (values trimmed first, as the forms
 * send them, unless `trim: false`), then by the form's own `extra` checks. The first failing check's text shows.
 */
export function apiRules<D extends Dto>(
  dto: D,
  field: DtoField<D>,
  texts: RuleTexts = {},
  {
    extra = {},
    trim = true,
  }: {
    /** The form's own checks, run after the API's. */
    extra?: Record<string, (value: string) => string | true>;
    /** False for passwords: checked as typed. */
    trim?: boolean;
  } = {},
): { validate: Record<string, Check> } {
  const c = apiConstraints(dto, field);
  const checks: Record<string, (value: string) => string | true> = {};
  const text = (value: unknown) => (typeof value !== 'string' ? '' : trim ? value.trim() : value);
  if (c.required || texts.required !== undefined)
    checks.required = (v) => v !== '' || (texts.required ?? RULE_TEXTS.required);
  if (c.email) checks.email = (v) => v === '' || isEmail(v) || (texts.email ?? RULE_TEXTS.email);
  if (c.url) checks.url = (v) => v === '' || isHttpUrl(v) || (texts.url ?? RULE_TEXTS.url);
  const { minLength, maxLength, pattern } = c;
  if (minLength !== undefined && minLength > 1)
    checks.minLength = (v) =>
      v === '' || v.length >= minLength || (texts.minLength ?? RULE_TEXTS.minLength(minLength));
  if (maxLength !== undefined)
    checks.maxLength = (v) => v.length <= maxLength || (texts.maxLength ?? RULE_TEXTS.maxLength(maxLength));
  if (pattern !== undefined) {
    const re = new RegExp(pattern);
    checks.pattern = (v) => v === '' || re.test(v) || (texts.pattern ?? RULE_TEXTS.pattern);
  }
  Object.assign(checks, extra);
  return {
    validate: Object.fromEntries(
      Object.entries(checks).map(([name, check]) => [name, (value: unknown) => check(text(value))]),
    ),
  };
}

/**
 * A new password: the API's policy (length from api/src/modules/auth/password-policy.ts, with its
 * texts). Not trimmed: spaces count in a passphrase.
 */
export function newPasswordRules(): { validate: Record<string, Check> } {
  return {
    validate: {
      policy: (value: string) => passwordProblem(value) ?? true,
    },
  };
}
