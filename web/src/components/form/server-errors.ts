import { get, type FieldValues, type Path } from 'react-hook-form';
import {
  errorDetail,
  errorProblems,
  fieldErrorList,
  humanFieldMessage,
  type FieldError,
} from '../../lib/api-errors';
import type { AppForm } from './use-app-form';

/** The field errors a failed call carries: the API's 400 body, or an error that already holds them. */
function serverFieldErrors(error: unknown): FieldError[] {
  if (error && typeof error === 'object' && 'fieldErrors' in error && Array.isArray(error.fieldErrors))
    return (error.fieldErrors as unknown[]).filter(
      (e): e is FieldError =>
        !!e && typeof e === 'object' && typeof (e as FieldError).field === 'string' && 'message' in e,
    );
  return fieldErrorList(error);
}

export interface ServerErrorOptions<T extends FieldValues> {
  /** The alert's text when the answer has nothing better (no detail, no unplaced field error). */
  fallback: string;
  /** Always show this in the alert (field errors still go beside their fields). */
  message?: string | undefined;
  /** API field name → form field, where they differ (`amount_repaid` → `amount`); null: never map. */
  fields?: Partial<Record<string, Path<T> | null>>;
}

/**
 * Puts a failed call's errors where the form shows errors: each API field error beside the form
 * field of that name (the first per field, in words a person reads, through setError), the rest
 * in the form's alert. Returns true when at least one field error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  form: AppForm<T>,
  error: unknown,
  { fallback, message, fields = {} }: ServerErrorOptions<T>,
): boolean {
  const values = form.getValues();
  const placed = new Set<string>();
  const unplaced: string[] = [];
  for (const item of serverFieldErrors(error)) {
    const mapped = item.field in fields ? fields[item.field] : item.field;
    const name = mapped && get(values, mapped) !== undefined ? mapped : null;
    if (!name) unplaced.push(humanFieldMessage(item));
    else if (!placed.has(name)) {
      placed.add(name);
      form.setError(name as Path<T>, { type: 'server', message: humanFieldMessage(item) });
    }
  }
  if (message !== undefined) form.setFormError(message, unplaced);
  else if (unplaced.length > 0) form.setFormError(unplaced[0]!, unplaced.slice(1));
  else if (placed.size === 0) form.setFormError(errorDetail(error) ?? fallback, errorProblems(error));
  return placed.size > 0;
}
