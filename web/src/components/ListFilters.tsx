import type { ReactNode } from 'react';
import { useAppForm } from './form';
import { buttonSecondary, inputClass, labelClass } from './ui';

/** A labelled select whose first option (value '') stands for all (a list filter) or none. */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  onChange,
  className,
  disabled,
  children,
}: {
  id: string;
  label: string;
  /** The text of the '' option. */
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  disabled?: boolean;
  /** The other options. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {children}
      </select>
    </div>
  );
}

/** A search box and its Search button; submitting gives the trimmed text. */
export function SearchForm({
  id,
  initial,
  placeholder,
  className,
  onSearch,
}: {
  id: string;
  /** The text the box starts with (the search in the URL). */
  initial: string;
  placeholder: string;
  className: string;
  onSearch: (text: string) => void;
}) {
  const form = useAppForm<{ text: string }>({ defaultValues: { text: initial } });
  return (
    <form
      role="search"
      className={`flex items-end gap-2 ${className}`}
      onSubmit={(event) => void form.submit(({ text }) => onSearch(text.trim()))(event)}
    >
      <div className="flex-1">
        <label htmlFor={id} className={labelClass}>
          Search
        </label>
        <input
          id={id}
          type="search"
          className={inputClass}
          placeholder={placeholder}
          {...form.register('text')}
        />
      </div>
      <button type="submit" className={buttonSecondary}>
        Search
      </button>
    </form>
  );
}
