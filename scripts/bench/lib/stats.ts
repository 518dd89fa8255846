// Spread of repeated measurements: every figure the bench prints is min / median / max of rounds.
import { cpus, loadavg } from 'node:os';
import { fmt } from '../util';

export interface Spread {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2
        ? sorted[mid]!
        : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    min: sorted[0] ?? Number.NaN,
    median,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    n: sorted.length,
  };
}

/** "median (min–max)" */
export function showSpread(s: Spread, digits = 0): string {
  if (s.n === 0 || Number.isNaN(s.median)) return '—';
  if (s.n === 1) return fmt(s.median, digits);
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

/** Ratio of medians, with the round-by-round range when both sides had the same rounds. */
export function showRatio(value: readonly number[], baseline: readonly number[]): string {
  const v = spread(value);
  const b = spread(baseline);
  if (!(b.median > 0)) return 'n/a';
  const median = v.median / b.median;
  if (value.length !== baseline.length || value.length < 2) return `${fmt(median, 2)}×`;
  const perRound = value.map((x, i) => x / baseline[i]!);
  const r = spread(perRound);
  return `${fmt(median, 2)}× (${fmt(r.min, 2)}–${fmt(r.max, 2)})`;
}

/** The machine's 1-minute load average and core count, printed with every section's figures. */
export function machineLoad(): string {
  return `load average ${loadavg()
    .map((l) => fmt(l, 1))
    .join(' / ')} (1/5/15 min) on ${cpus().length} cores`;
}
