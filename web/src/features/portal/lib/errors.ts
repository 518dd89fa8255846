// Reads the API's error envelope ({ detail, message, errors }) out of an RTK Query or fetch error.
export function errorMessage(error: unknown, fallback: string): string {
  if (!error || typeof error !== 'object') return fallback;
  const data = 'data' in error ? error.data : undefined;
  if (data && typeof data === 'object') {
    const body = data as { detail?: unknown; message?: unknown; errors?: unknown };
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      const first: unknown = body.errors[0];
      if (first && typeof first === 'object' && 'message' in first) {
        const field = 'field' in first ? String(first.field) : '';
        const message = String(first.message);
        return field ? `${field}: ${message}` : message;
      }
    }
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
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
