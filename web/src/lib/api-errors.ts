// Reads the API's error envelope ({ detail, message, errors }) out of an RTK Query or fetch error.

export interface FieldError {
  field: string;
  message: string;
}

function bodyOf(
  error: unknown,
): { detail?: unknown; message?: unknown; errors?: unknown; problems?: unknown } | null {
  if (!error || typeof error !== 'object') return null;
  const data = 'data' in error ? error.data : undefined;
  return data && typeof data === 'object' ? data : null;
}

/** The API's field errors in order, as sent ({ errors: [{ field, message }] }). */
export function fieldErrorList(error: unknown): FieldError[] {
  const errors = bodyOf(error)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) =>
    item && typeof item === 'object' && 'message' in item
      ? [{ field: 'field' in item ? String(item.field) : '', message: String(item.message) }]
      : [],
  );
}

/** `current_password` / `claim.amountRepaid` → "current password" / "amount repaid". */
export function fieldLabel(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * A field error in words a person reads: the API's field name is never shown as code. A message
 * that names its field (class-validator's "new_password must be…") gets the field in words.
 */
export function humanFieldMessage({ field, message }: FieldError): string {
  const last = field.split('.').pop() ?? field;
  const named = last && message.includes(last) ? message.split(last).join(fieldLabel(last)) : message;
  const sentence = named.charAt(0).toUpperCase() + named.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The answer's own sentence (`detail`, else `message`), when it has one and no field errors. */
export function errorDetail(error: unknown): string | null {
  const body = bodyOf(error);
  if (!body) return null;
  if (typeof body.detail === 'string' && body.detail) return body.detail;
  if (fieldErrorList(error).length === 0 && typeof body.message === 'string' && body.message)
    return body.message;
  return null;
}

/** The answer's list of problems in words (`problems: string[]`, e.g. the release gate's), if any. */
export function errorProblems(error: unknown): string[] {
  const problems = bodyOf(error)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
}

export function errorMessage(error: unknown, fallback: string): string {
  const first = fieldErrorList(error)[0];
  if (first) return humanFieldMessage(first);
  const body = bodyOf(error);
  if (body) {
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

/** The API's field errors by field name (the first per field), in human words, for showing beside each field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of fieldErrorList(error)) {
    if (item.field && !(item.field in out)) out[item.field] = humanFieldMessage(item);
  }
  return out;
}

export function errorStatus(error: unknown): number | string | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = error.status;
    if (typeof status === 'number' || typeof status === 'string') return status;
  }
  return undefined;
}

/** The API's field errors ({ errors: [{ field, message }] }) by field name, first message each. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error || typeof error !== 'object' || !('data' in error)) return out;
  const data = error.data;
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors)) return out;
  for (const entry of data.errors as unknown[]) {
    if (!entry || typeof entry !== 'object' || !('field' in entry) || !('message' in entry)) continue;
    const field = String(entry.field);
    out[field] ??= String(entry.message);
  }
  return out;
}
