// Dated parameter values: gaps and overlaps between periods, and values of the wrong type.
import { formatDate, type ParameterSet } from '@reclaim/engine';

export type ParameterValue = ParameterSet['parameters'][string]['values'][number];

const DAY = 86_400_000;
const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** Problems of one parameter's values, in the adviser's words (row numbers as shown, from 1). */
export function parameterProblems(unit: string, values: ParameterValue[]): string[] {
  const problems: string[] = [];
  values.forEach((v, i) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.from) || Number.isNaN(time(v.from)))
      problems.push(`Row ${i + 1}: “From” must be a date.`);
    if (v.to !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(v.to) || Number.isNaN(time(v.to))))
      problems.push(`Row ${i + 1}: “To” must be a date or empty (still in force).`);
    else if (v.to !== null && time(v.to) < time(v.from))
      problems.push(`Row ${i + 1}: “To” is before “From”.`);
    const wrongType =
      unit === 'text'
        ? typeof v.value !== 'string'
        : unit === 'bands'
          ? !Array.isArray(v.value) || v.value.length === 0
          : typeof v.value !== 'number' || !Number.isFinite(v.value);
    if (wrongType)
      problems.push(
        `Row ${i + 1}: the value must be ${unit === 'text' ? 'text' : unit === 'bands' ? 'a band table' : 'a number'}.`,
      );
  });
  const sorted = values
    .map((v, i) => ({ ...v, row: i + 1 }))
    .filter((v) => !Number.isNaN(time(v.from)))
    .sort((a, b) => time(a.from) - time(b.from));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (prev.to === null || time(prev.to) >= time(next.from))
      problems.push(
        `Rows ${prev.row} and ${next.row} overlap: two values would apply on ${formatDate(next.from)}. Set the end of row ${prev.row} to the day before.`,
      );
    else if (time(next.from) - time(prev.to) > DAY)
      problems.push(
        `Gap between rows ${prev.row} and ${next.row}: no value from the day after ${formatDate(prev.to)} to the day before ${formatDate(next.from)}.`,
      );
  }
  return problems;
}
