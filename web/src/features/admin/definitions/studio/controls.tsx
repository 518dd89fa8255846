// Small labelled controls for the studio's forms and tables. Every control has a visible label or,
// inside a table row, an aria-label naming the row ("Points of rule: Purchase within 12 months").
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { inputClass } from '../../../../components/ui';

interface Base {
  label: string;
  /** Table cells: the label is for assistive technology only. */
  hideLabel?: boolean;
  className?: string;
  hint?: ReactNode;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The model follows every `input` and `change` event of the field, read from the field itself.
 * React's onChange alone misses an event whose value was set through the element's `value`
 * property (a script, an autofill or an extension filling the form): React's value tracker then
 * thinks nothing changed, the field shows the new value and the model keeps the old one. The
 * native listener runs first; React's onChange after it sets the same value again (harmless).
 */
export function useFollowField<E extends Field>(onField: (el: E) => void) {
  const ref = useRef<E | null>(null);
  const latest = useRef(onField);
  useEffect(() => {
    latest.current = onField;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const follow = () => latest.current(el);
    el.addEventListener('input', follow);
    el.addEventListener('change', follow);
    return () => {
      el.removeEventListener('input', follow);
      el.removeEventListener('change', follow);
    };
  }, []);
  return ref;
}

function Labelled({
  label,
  hideLabel,
  className = '',
  hint,
  id,
  children,
}: Base & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'label mb-1 block text-sm'}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput(
  props: Base & {
    value: string;
    onChange: (v: string) => void;
    mono?: boolean;
    type?: 'text' | 'date';
    inputClassName?: string;
  },
) {
  const id = useId();
  const ref = useFollowField<HTMLInputElement>((el) => props.onChange(el.value));
  return (
    <Labelled {...props} id={id}>
      <input
        ref={ref}
        id={id}
        type={props.type ?? 'text'}
        className={`${inputClass} w-full ${props.mono ? 'font-mono text-xs' : ''} ${props.inputClassName ?? ''}`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
    </Labelled>
  );
}

export function TextArea(props: Base & { value: string; onChange: (v: string) => void; rows?: number }) {
  const id = useId();
  const ref = useFollowField<HTMLTextAreaElement>((el) => props.onChange(el.value));
  return (
    <Labelled {...props} id={id}>
      <textarea
        ref={ref}
        id={id}
        rows={props.rows ?? 2}
        className={`${inputClass} w-full`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
    </Labelled>
  );
}

/** A number field that keeps what is typed until it is a number (an empty field is refused). */
export function NumberInput(
  props: Base & { value: number | undefined; onChange: (v: number) => void; step?: number | 'any' },
) {
  const id = useId();
  const ref = useFollowField<HTMLInputElement>((el) => {
    if (Number.isFinite(el.valueAsNumber)) props.onChange(el.valueAsNumber);
  });
  return (
    <Labelled {...props} id={id}>
      <input
        ref={ref}
        id={id}
        type="number"
        step={props.step ?? 'any'}
        className={`${inputClass} w-full min-w-20`}
        value={props.value ?? ''}
        onChange={(e) => {
          const n = e.target.valueAsNumber;
          if (Number.isFinite(n)) props.onChange(n);
        }}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
    </Labelled>
  );
}

export function SelectInput<T extends string>(
  props: Base & { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void },
) {
  const id = useId();
  const ref = useFollowField<HTMLSelectElement>((el) => props.onChange(el.value as T));
  return (
    <Labelled {...props} id={id}>
      <select
        ref={ref}
        id={id}
        className={`${inputClass} w-full`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function CheckInput(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  const ref = useFollowField<HTMLInputElement>((el) => props.onChange(el.checked));
  return (
    <div className="flex items-center gap-2">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="h-4 w-4"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id} className="text-sm">
        {props.label}
      </label>
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card space-y-3 p-4 sm:p-6" aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {actions}
      </div>
      {description ? <p className="text-sm text-ink-600">{description}</p> : null}
      {children}
    </section>
  );
}

/** Moves an item of a list (immer draft) up or down by one. */
export function move<T>(list: T[], index: number, by: -1 | 1): void {
  const to = index + by;
  if (to < 0 || to >= list.length) return;
  const [item] = list.splice(index, 1);
  list.splice(to, 0, item as T);
}

export function slug(text: string, taken: string[], fallback: string): string {
  const base =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || fallback;
  let id = /^[a-z]/.test(base) ? base : `${fallback}_${base}`;
  for (let n = 2; taken.includes(id); n++) id = `${base}_${n}`;
  return id;
}
