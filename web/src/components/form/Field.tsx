import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface BaseProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Labelled input with its error announced and linked by aria-describedby. */
export function TextField({ label, error, hint, id, className = '', ...input }: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId} className="label">
        {label}
        {input.required ? <span className="text-red-600" aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={fieldId}
        className="input"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({ label, error, hint, id, className = '', ...input }: BaseProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId} className="label">
        {label}
        {input.required ? <span className="text-red-600" aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={fieldId}
        className="input min-h-32"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
