import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

// Every form shows a field's error one way: a `.field-error` paragraph under the control, tied to
// it by aria-describedby, with aria-invalid on the control. The components take react-hook-form's
// `register(...)` props (ref included: React 19 passes `ref` as a prop) or `form.field(...)`.

interface BaseProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** What the labelled control needs: its id and the attributes that tie it to the hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string | undefined;
}

/** The id of a field's error paragraph, for a control that links to it itself. */
export function errorIdOf(fieldId: string): string {
  return `${fieldId}-error`;
}

/** The `.field-error` paragraph: the one way a field's error is shown. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={errorIdOf(id)} className="field-error">
      {error}
    </p>
  ) : null;
}

/** The aria attributes of a control with this id, hint and error. */
export function controlProps(id: string, error: string | undefined, hasHint = false): ControlProps {
  const describedBy = [hasHint ? `${id}-hint` : '', error ? errorIdOf(id) : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': describedBy || undefined };
}

/** The label (with a required marker), the control, its hint and its error. */
export function LabelledField({
  label,
  error,
  hint,
  id,
  className = '',
  labelClassName = 'label',
  required,
  children: control,
}: BaseProps & {
  id?: string | undefined;
  className?: string | undefined;
  labelClassName?: string | undefined;
  required?: boolean | undefined;
  /** Renders the control with the given id and aria attributes. */
  children: (props: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId} className={labelClassName}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {control(controlProps(fieldId, error, Boolean(hint)))}
      {hint ? (
        <p id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={fieldId} error={error} />
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
}: BaseProps & ComponentPropsWithRef<'input'>) {
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
}: BaseProps & ComponentPropsWithRef<'textarea'>) {
  return (
    <LabelledField {...{ label, error, hint, id, className }} required={input.required}>
      {(control) => (
        <textarea {...control} className={input.rows === undefined ? 'input min-h-32' : 'input'} {...input} />
      )}
    </LabelledField>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className = '',
  children,
  ...select
}: BaseProps & ComponentPropsWithRef<'select'>) {
  return (
    <LabelledField {...{ label, error, hint, id, className }} required={select.required}>
      {(control) => (
        <select {...control} className="input" {...select}>
          {children}
        </select>
      )}
    </LabelledField>
  );
}

/** A checkbox with its label beside it; its error and hint under it, linked the same way. */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  className = '',
  ...input
}: BaseProps & Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={fieldId} className="flex items-start gap-2 text-sm text-ink-700">
        <input
          {...controlProps(fieldId, error, Boolean(hint))}
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={fieldId} error={error} />
    </div>
  );
}
