// Small helpers shared by the benchmarks.
export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function ratio(value: number, baseline: number): string {
  return baseline === 0 ? 'n/a' : `${fmt(value / baseline, 2)}×`;
}

export function table(rows: (string | number)[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  for (const r of rows) console.log(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}
