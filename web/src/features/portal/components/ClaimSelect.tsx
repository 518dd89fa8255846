import { FilterSelect } from '../../../components/ListFilters';

/** Picks one of the client's applications or claims; the first option ('') is none. */
export function ClaimSelect({
  id,
  label,
  noneLabel,
  options,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  noneLabel: string;
  options: readonly { id: string; label: string }[];
  value: string;
  onChange: (claimId: string) => void;
  disabled?: boolean;
}) {
  return (
    <FilterSelect
      id={id}
      label={label}
      allLabel={noneLabel}
      value={value}
      onChange={onChange}
      disabled={disabled}
    >
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </FilterSelect>
  );
}
