import { useId } from 'react';

export interface BarDatum {
  label: string;
  value: number;
  /** Text shown beside the bar; defaults to the value. */
  display?: string;
  color?: string;
}

// A small hand-drawn horizontal bar chart: no chart library for a handful of bars. The data is
// also given as a table for screen readers.
export function HorizontalBarChart({ title, data, unit }: { title: string; data: BarDatum[]; unit: string }) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const rowHeight = 28;
  const labelWidth = 150;
  const width = 520;
  const barArea = width - labelWidth - 60;
  const height = Math.max(rowHeight, data.length * rowHeight);
  return (
    <figure>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>{title}</title>
        {data.map((d, index) => {
          const y = index * rowHeight;
          const barWidth = (d.value / max) * barArea;
          return (
            <g key={d.label}>
              <text x={labelWidth - 8} y={y + rowHeight / 2 + 4} textAnchor="end" className="fill-ink-700 text-[12px]">
                {d.label}
              </text>
              <rect x={labelWidth} y={y + 5} width={Math.max(barWidth, d.value > 0 ? 2 : 0)} height={rowHeight - 10} rx={3} fill={d.color ?? '#1d5893'} />
              <text x={labelWidth + barWidth + 6} y={y + rowHeight / 2 + 4} className="fill-ink-800 text-[12px] font-medium">
                {d.display ?? d.value}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.display ?? d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export interface SeriesPoint {
  label: string;
  value: number;
  count: number;
}

/** Monthly columns (value) with the number of claims written above each. */
export function ColumnChart({
  title,
  data,
  formatValue,
}: {
  title: string;
  data: SeriesPoint[];
  formatValue: (value: number) => string;
}) {
  const id = useId();
  const width = 560;
  const height = 220;
  const top = 24;
  const bottom = 36;
  const left = 8;
  const plotHeight = height - top - bottom;
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = data.length > 0 ? (width - left * 2) / data.length : width;
  const barWidth = Math.min(48, slot * 0.6);
  return (
    <figure>
      <svg role="img" aria-labelledby={`${id}-title`} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full">
        <title id={`${id}-title`}>{title}</title>
        <line x1={left} x2={width - left} y1={top + plotHeight} y2={top + plotHeight} stroke="#c3c9d4" />
        {data.map((d, index) => {
          const h = (d.value / max) * plotHeight;
          const x = left + index * slot + (slot - barWidth) / 2;
          const y = top + plotHeight - h;
          return (
            <g key={d.label}>
              <rect x={x} y={y} width={barWidth} height={Math.max(h, d.value > 0 ? 2 : 0)} rx={3} fill="#0b8a6c">
                <title>{`${d.label}: ${formatValue(d.value)} from ${d.count} claims`}</title>
              </rect>
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" className="fill-ink-700 text-[11px]">
                {d.count}
              </text>
              <text x={x + barWidth / 2} y={height - 14} textAnchor="middle" className="fill-ink-600 text-[11px]">
                {d.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-ink-500">
        Column height: estimated value (median) of claims created that month. Number above: claims created.
      </figcaption>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Estimated value</th>
            <th scope="col">Claims</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{formatValue(d.value)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
