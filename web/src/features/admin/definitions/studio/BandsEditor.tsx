// A band table (SDLT rates band by band) as a readable table of "from", "up to" and "rate %": no
// JSON to type. What a cell shows is always the model's value (issue 29 §2): a cell keeps the text
// being typed only while that text reads as the model's number ("5." while typing 5.5), so a model
// changed elsewhere (a band added or removed, a period copied, a draft reopened) is what is shown.
import { useState } from 'react';
import { buttonDanger, buttonSecondary, tableClass } from '../../../../components/ui';
import { TextInput } from './controls';

export interface Band {
  upTo: number | null;
  rate: number;
}

/** "£150,000", "150 000" and "150000" read as 150000; empty as null; anything else NaN. */
export function readAmount(text: string): number | null {
  const bare = text.replace(/[£,\s]/g, '').replace(/%$/, '');
  if (bare === '') return null;
  const n = Number(bare);
  return Number.isFinite(n) ? n : Number.NaN;
}

const sameNumber = (a: number | null, b: number | null) =>
  a === b || (a !== null && b !== null && Number.isNaN(a) && Number.isNaN(b));

const pounds = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** A number typed as text, shown as the model holds it unless the text typed reads as that number. */
function NumberCell({
  label,
  value,
  onChange,
  emptyMeans,
  format,
  inputClassName,
}: {
  label: string;
  value: number | null;
  onChange: (n: number | null) => void;
  /** What an empty cell means (null); without it, empty is not a number. */
  emptyMeans?: string;
  format: (n: number) => string;
  inputClassName?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const read = (s: string) => {
    const n = readAmount(s);
    return n === null && !emptyMeans ? Number.NaN : n;
  };
  const shown =
    text !== null && sameNumber(read(text), value)
      ? text
      : value === null || Number.isNaN(value)
        ? (text ?? '')
        : format(value);
  return (
    <TextInput
      hideLabel
      label={label}
      hint={emptyMeans}
      value={shown}
      inputClassName={inputClassName}
      onChange={(s) => {
        setText(s);
        onChange(read(s));
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
    <div className="space-y-1">
      <table className={`${tableClass} w-auto`} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Band</th>
            <th scope="col">Over (£)</th>
            <th scope="col">Up to (£)</th>
            <th scope="col">Rate (%)</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band, i) => {
            const over = i === 0 ? 0 : bands[i - 1]!.upTo;
            return (
              <tr key={i}>
                <th scope="row" className="font-normal">
                  {i + 1}
                </th>
                <td className="whitespace-nowrap text-ink-700">
                  {over === null || Number.isNaN(over) ? '?' : `£${pounds(over)}`}
                </td>
                <td>
                  <NumberCell
                    label={`${label} band ${i + 1} up to (£)`}
                    value={band.upTo}
                    format={pounds}
                    inputClassName="min-w-32"
                    emptyMeans={i === bands.length - 1 ? 'Empty: everything above' : undefined}
                    onChange={(n) => set(i, { upTo: n })}
                  />
                </td>
                <td>
                  <NumberCell
                    label={`${label} band ${i + 1} rate (%)`}
                    value={+(band.rate * 100).toFixed(6)}
                    format={String}
                    inputClassName="min-w-16"
                    onChange={(n) => set(i, { rate: n === null ? Number.NaN : +(n / 100).toFixed(8) })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className={buttonDanger}
                    aria-label={`Remove ${label} band ${i + 1}`}
                    onClick={() => onChange(bands.filter((_b, j) => j !== i))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
    </div>
  );
}
