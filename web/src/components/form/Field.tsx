import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface BaseProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** What the labelled control needs: its id and the attributes that tie it to the hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
}

/** The label (with a required marker), the control, its hint and its error. */
function LabelledField({
  label,
  error,
  hint,
  id,
  className,
  required,
  children: control,
}: BaseProps & {
  id: string | undefined;
  className: string;
  required: boolean | undefined;
  /** Renders the control with the given id and aria attributes. */
  children: (props: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId} className="label">
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {control({
        id: fieldId,
        'aria-invalid': error ? 'true' : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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

/** Labelled input with its error announced and linked by aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  ...input
}: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField {...{ label, error, hint, id, className }} required={input.required}>
      {(control) => <input {...control} className="input" {...input} />}
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  ...input
}: BaseProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledField {...{ label, error, hint, id, className }} required={input.required}>
      {(control) => <textarea {...control} className="input min-h-32" {...input} />}
    </LabelledField>
  );
}
