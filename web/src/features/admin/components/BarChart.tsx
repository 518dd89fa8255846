// Small hand-made charts in HTML and CSS: text stays readable at any width (an SVG scaled
// into a narrow card shrinks its labels), and no chart library is needed for a dozen bars.

export interface BarDatum {
  label: string;
  value: number;
  /** Text shown beside the bar; defaults to the value. */
  display?: string;
  color?: string;
}

export function HorizontalBarChart({ title, data }: { title: string; data: BarDatum[] }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      <ul className="space-y-1.5">
        {data.map((d) => (
          <li
            key={d.label}
            className="grid grid-cols-[minmax(6rem,10rem)_minmax(0,1fr)_auto] items-center gap-2 text-sm"
          >
            <span className="truncate text-right text-ink-700" title={d.label}>
              {d.label}
            </span>
            <span aria-hidden="true" className="h-4 rounded bg-ink-100">
              <span
                className="block h-full rounded"
                style={{
                  width: `${(d.value / max) * 100}%`,
                  minWidth: d.value > 0 ? '2px' : 0,
                  backgroundColor: d.color ?? '#1d5893',
                }}
              />
            </span>
            <span className="min-w-[2ch] font-medium text-ink-900">
              <span className="sr-only">: </span>
              {d.display ?? d.value}
            </span>
          </li>
        ))}
      </ul>
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
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <figure>
      <div aria-hidden="true" className="flex h-48 items-end gap-2 border-b border-ink-300 px-1">
        {data.map((d) => (
          <div
            key={d.label}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
            title={`${d.label}: ${formatValue(d.value)} from ${d.count} claims`}
          >
            <span className="mb-1 text-xs text-ink-600">{d.count}</span>
            <span
              className="block w-full max-w-12 rounded-t bg-accent-600"
              style={{ height: `${(d.value / max) * 80}%`, minHeight: d.value > 0 ? '2px' : 0 }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-2 px-1">
        {data.map((d) => (
          <span key={d.label} className="min-w-0 flex-1 truncate text-center text-xs text-ink-600">
            {d.label}
          </span>
        ))}
      </div>
      <figcaption className="mt-2 text-xs text-ink-500">
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
