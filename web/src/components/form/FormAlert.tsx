import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { AppForm } from './use-app-form';

/**
 * The form-level error: one role="alert" box that takes the focus each time a submit ends with
 * it, so a keyboard or screen-reader user lands on what went wrong.
 */
export function FormAlert<T extends FieldValues>({
  form,
  className = '',
  children,
}: {
  form: AppForm<T>;
  className?: string;
  /** Shown after the message (e.g. a link to what to do next). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const error = form.formError;
  const { submitCount } = form.formState;
  const message = error?.message;
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, submitCount]);
  if (!error) return null;
  return (
    <div ref={ref} tabIndex={-1} className={`alert-error ${className}`} role="alert">
      <p>
        {error.message}
        {children ? <> {children}</> : null}
      </p>
      {error.details.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {error.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
