// A band table (SDLT rates band by band) as rows of "up to" and "rate %": no JSON to type.
import { useState } from 'react';
import { buttonDanger, buttonSecondary } from '../../../../components/ui';
import { TextInput } from './controls';

export interface Band {
  upTo: number | null;
  rate: number;
}

/** A number typed as text: the text stays as typed ("5." while typing 5.5); the number is sent up. */
function NumberCell({
  label,
  value,
  onChange,
  emptyMeans,
}: {
  label: string;
  value: number | null;
  onChange: (n: number | null) => void;
  /** What an empty cell means (null); without it, empty is not a number. */
  emptyMeans?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  return (
    <TextInput
      label={label}
      hint={emptyMeans}
      value={text}
      onChange={(s) => {
        setText(s);
        const n = Number(s.replace(/,/g, ''));
        if (s.trim() === '' && emptyMeans) onChange(null);
        else if (s.trim() !== '' && Number.isFinite(n)) onChange(n);
        else onChange(Number.NaN);
      }}
    />
  );
}

export default function BandsEditor({
  label,
  bands,
  onChange,
}: {
  label: string;
  bands: Band[];
  onChange: (bands: Band[]) => void;
}) {
  const set = (i: number, patch: Partial<Band>) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <fieldset className="space-y-1">
      <legend className="sr-only">{label}</legend>
      {bands.map((band, i) => (
        <div key={i} className="flex items-end gap-2">
          <NumberCell
            label={`${label} band ${i + 1} up to (£)`}
            value={band.upTo}
            emptyMeans={i === bands.length - 1 ? 'Empty: everything above' : undefined}
            onChange={(n) => set(i, { upTo: n })}
          />
          <NumberCell
            label={`${label} band ${i + 1} rate (%)`}
            value={+(band.rate * 100).toFixed(6)}
            onChange={(n) => set(i, { rate: n === null ? Number.NaN : +(n / 100).toFixed(8) })}
          />
          <button
            type="button"
            className={buttonDanger}
            aria-label={`Remove ${label} band ${i + 1}`}
            onClick={() => onChange(bands.filter((_b, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => {
          // A new band goes before the open-ended last one.
          const last = bands.at(-1);
          const before = bands.slice(0, -1);
          const prevUpTo = before.at(-1)?.upTo ?? 0;
          onChange(
            last
              ? [...before, { upTo: (prevUpTo ?? 0) + 100000, rate: last.rate }, last]
              : [{ upTo: null, rate: 0 }],
          );
        }}
      >
        Add band ({label})
      </button>
    </fieldset>
  );
}
