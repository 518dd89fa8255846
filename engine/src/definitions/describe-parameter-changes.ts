// Plain-English differences between two versions of a dated parameter set, for the adviser who
// reviews a parameter draft: "Higher rates surcharge from 31 October 2024: 3% → 5%",
// "Annual exempt amount: new value £3,000 from 6 April 2024". Rows are matched by their `from`
// date (a new rate is a new row from its own date). Values are shown in the parameter's unit.
// Pure: browser and Node.
import { formatDate, formatMoney, formatNumber } from '../rules/stages/fill-template';
import type { BandTable, ParameterSet, ParameterValueType } from '../types';

export interface ParameterChange {
  kind: 'changed' | 'added' | 'removed';
  /** The parameter's key, or null for a change to the set's sources or title. */
  key: string | null;
  sentence: string;
}

type Unit = ParameterSet['parameters'][string]['unit'];
type Row = ParameterSet['parameters'][string]['values'][number];

/** "2024-10-31" → "31 October 2024" (the results' formatDate; anything else is shown as typed). */
export function longDate(iso: string | null | undefined): string {
  return iso ? formatDate(iso) : 'no end date';
}

const percent = (rate: number): string => `${formatNumber(rate * 100)}%`;
const money = formatMoney;

function showBands(bands: BandTable): string {
  return bands
    .map((band) =>
      band.upTo === null ? `${percent(band.rate)} above` : `${percent(band.rate)} up to ${money(band.upTo)}`,
    )
    .join('; ');
}

/** A value as an adviser reads it, in its parameter's unit. */
export function showParameterValue(unit: Unit, value: ParameterValueType): string {
  if (Array.isArray(value)) return showBands(value);
  if (typeof value === 'string') return `“${value}”`;
  switch (unit) {
    case 'GBP':
      return money(value);
    case 'rate':
      return percent(value);
    case 'months':
      return `${value} ${value === 1 ? 'month' : 'months'}`;
    case 'days':
      return `${value} ${value === 1 ? 'day' : 'days'}`;
    case 'bands':
    case 'count':
    case 'text':
      return String(value);
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function describeRows(
  name: string,
  unit: Unit,
  before: Row[],
  after: Row[],
  sourceTitle: (id: string) => string,
) {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  const byFrom = new Map(before.map((row) => [row.from, row]));
  const afterFroms = new Set(after.map((row) => row.from));
  for (const row of after) {
    const old = byFrom.get(row.from);
    const period = `from ${longDate(row.from)}${row.to ? ` to ${longDate(row.to)}` : ''}`;
    if (!old) {
      added.push(
        `${name}: new value ${showParameterValue(unit, row.value)} ${period} (source: ${sourceTitle(row.source)})`,
      );
      continue;
    }
    const at = `${name} from ${longDate(row.from)}`;
    if (!same(old.value, row.value))
      changed.push(`${at}: ${showParameterValue(unit, old.value)} → ${showParameterValue(unit, row.value)}`);
    if ((old.to ?? null) !== (row.to ?? null))
      changed.push(
        row.to
          ? `${at}: now ends on ${longDate(row.to)} (was ${old.to ? longDate(old.to) : 'open-ended'})`
          : `${at}: now open-ended (was ending on ${longDate(old.to)})`,
      );
    if (old.source !== row.source)
      changed.push(`${at}: source ${sourceTitle(old.source)} → ${sourceTitle(row.source)}`);
    if ((old.note ?? '') !== (row.note ?? ''))
      changed.push(row.note ? `${at}: note set to “${row.note}”` : `${at}: note removed`);
  }
  for (const row of before)
    if (!afterFroms.has(row.from))
      removed.push(
        `${name}: value ${showParameterValue(unit, row.value)} from ${longDate(row.from)} removed`,
      );
  return { changed, added, removed };
}

/** What a parameter draft changes against the set in force, in the adviser's words. */
export function describeParameterChanges(before: ParameterSet, after: ParameterSet): ParameterChange[] {
  const out: ParameterChange[] = [];
  const sourceTitle = (id: string): string =>
    `“${after.sources?.[id]?.title ?? before.sources?.[id]?.title ?? id}”`;
  if (before.title !== after.title)
    out.push({ kind: 'changed', key: null, sentence: `Title: ${before.title} → ${after.title}` });
  const beforeParams = before.parameters ?? {};
  const afterParams = after.parameters ?? {};
  for (const [key, param] of Object.entries(afterParams)) {
    const old = beforeParams[key];
    const name = param.description || key;
    if (!old) {
      out.push({
        kind: 'added',
        key,
        sentence: `New parameter: ${name} (${param.values.length} dated values)`,
      });
      continue;
    }
    if (old.description !== param.description)
      out.push({
        kind: 'changed',
        key,
        sentence: `Parameter ${key}: description “${old.description}” → “${param.description}”`,
      });
    if (old.unit !== param.unit)
      out.push({ kind: 'changed', key, sentence: `${name}: unit ${old.unit} → ${param.unit}` });
    const rows = describeRows(name, param.unit, old.values ?? [], param.values ?? [], sourceTitle);
    for (const sentence of rows.changed) out.push({ kind: 'changed', key, sentence });
    for (const sentence of rows.added) out.push({ kind: 'added', key, sentence });
    for (const sentence of rows.removed) out.push({ kind: 'removed', key, sentence });
  }
  for (const [key, param] of Object.entries(beforeParams))
    if (!afterParams[key])
      out.push({ kind: 'removed', key, sentence: `Parameter removed: ${param.description || key}` });
  const beforeSources = before.sources ?? {};
  const afterSources = after.sources ?? {};
  for (const [id, source] of Object.entries(afterSources)) {
    const old = beforeSources[id];
    if (!old)
      out.push({
        kind: 'added',
        key: null,
        sentence: `New source: “${source.title}”${source.url ? ` (${source.url})` : ''}`,
      });
    else if (!same(old, source))
      out.push({
        kind: 'changed',
        key: null,
        sentence: `Source “${old.title}”: ${old.title !== source.title ? `title → “${source.title}”` : ''}${old.title !== source.title && old.url !== source.url ? ', ' : ''}${old.url !== source.url ? `link ${old.url ?? 'none'} → ${source.url ?? 'none'}` : ''}`,
      });
  }
  for (const [id, source] of Object.entries(beforeSources))
    if (!afterSources[id])
      out.push({ kind: 'removed', key: null, sentence: `Source removed: “${source.title}”` });
  // The set's own tests (the release gate), by name.
  const beforeTests = new Map((before.tests ?? []).map((t) => [t.name, t]));
  const afterNames = new Set((after.tests ?? []).map((t) => t.name));
  for (const test of after.tests ?? []) {
    const old = beforeTests.get(test.name);
    if (!old) out.push({ kind: 'added', key: null, sentence: `New test: “${test.name}”` });
    else if (!same(old, test))
      out.push({ kind: 'changed', key: null, sentence: `Test “${test.name}” changed` });
  }
  for (const name of beforeTests.keys())
    if (!afterNames.has(name)) out.push({ kind: 'removed', key: null, sentence: `Test removed: “${name}”` });
  return out;
}
