// The `mapItems` input kind: the rows of a table answer with computed cells. Each row's `fields`
// are ordinary input specs computed over the row's cells, the fields before them and the facts so
// far (a cell hides a fact of the same name); `where` keeps rows; `sortBy` orders the kept rows by a
// cell; `running` gives each kept row the total of a cell over the rows before it, which is what
// using a band oldest first needs (e.g. a nil-rate band over gifts in date order). Generic: the
// definition names the columns; no service is known here.
import type { InputSpec, MapItemsInputSpec } from '../../types';
import { compileCondition } from '../conditions/evaluate-condition';
import { ownValue } from '../own-value';

/** Default and greatest number of rows read. */
export const MAP_ITEMS_MAX_ROWS = 2000;

/** A compiled input spec (compute-inputs' closures), as the row scope needs it. */
export type RowFieldFn = (scope: Record<string, unknown>, asOf: string) => unknown;

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/[£,\s]/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Ascending order of two cells: numbers as numbers, anything else as text; missing last. */
function compareCells(a: unknown, b: unknown): number {
  const missingA = a === undefined || a === null || a === '';
  const missingB = b === undefined || b === null || b === '';
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = typeof a === 'string' ? a : JSON.stringify(a);
  const y = typeof b === 'string' ? b : JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Compiles a `mapItems` spec; `compileField` compiles one field spec as compute-inputs does (given,
 * not imported, so that this file does not import compute-inputs).
 */
export function compileMapItems(
  spec: MapItemsInputSpec,
  compileField: (field: InputSpec) => RowFieldFn,
): (scope: Record<string, unknown>, asOf: string) => unknown {
  const { from, sortBy } = spec;
  const fields = (spec.fields ?? []).map((f) => ({ name: f.name, compute: compileField(f) }));
  const keep: ((facts: Record<string, unknown>) => boolean) | undefined = spec.where
    ? compileCondition(spec.where)
    : undefined;
  const running = spec.running ?? [];
  const maxRows = Math.min(spec.maxRows ?? MAP_ITEMS_MAX_ROWS, MAP_ITEMS_MAX_ROWS);
  return (scope, asOf) => {
    const rows = ownValue(scope, from);
    if (!Array.isArray(rows)) return undefined;
    const kept: { row: Record<string, unknown>; index: number }[] = [];
    const n = Math.min(rows.length, maxRows);
    for (let i = 0; i < n; i += 1) {
      const cells: unknown = rows[i];
      if (cells === null || typeof cells !== 'object' || Array.isArray(cells)) continue;
      // the row's scope: the facts so far, then the row's own cells, then its fields
      const rowScope: Record<string, unknown> = Object.assign({}, scope, cells);
      const row: Record<string, unknown> = Object.assign({}, cells) as Record<string, unknown>;
      for (const field of fields) {
        const value = field.compute(rowScope, asOf);
        if (value === undefined) {
          delete rowScope[field.name];
          continue;
        }
        rowScope[field.name] = value;
        row[field.name] = value;
      }
      if (keep && !keep(rowScope)) continue;
      kept.push({ row, index: i });
    }
    if (sortBy !== undefined) {
      kept.sort((a, b) => compareCells(a.row[sortBy], b.row[sortBy]) || a.index - b.index);
    }
    const totals = running.map(() => 0);
    return kept.map(({ row }) => {
      running.forEach((r, j) => {
        row[r.name] = totals[j];
        totals[j] = (totals[j] as number) + (numberOf(row[r.of]) ?? 0);
      });
      return row;
    });
  };
}
