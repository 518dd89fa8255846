// Results side by side (published, draft), differences highlighted.
import type { AssessmentEvaluation } from '@reclaim/engine';
import { tableClass, tableWrapClass } from '../../../../components/ui';
import { OUTCOME_ROWS } from '../outcome';

export type Column = { label: string; evaluation?: AssessmentEvaluation; error?: string };

export function TryResults({ columns }: { columns: Column[] }) {
  const base = columns[0]?.evaluation;
  return (
    <div className={tableWrapClass}>
      <table className={tableClass} aria-label="Try results">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Figure</span>
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="min-w-36">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OUTCOME_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="min-w-24 text-left font-medium sm:whitespace-nowrap">
                {row.label}
              </th>
              {columns.map((c, index) => {
                if (!c.evaluation) {
                  return (
                    <td key={c.label} className="text-ink-600">
                      {row.key === 'likelihood' ? (c.error ?? '—') : ''}
                    </td>
                  );
                }
                const value = row.value(c.evaluation);
                const changed = index > 0 && base !== undefined && row.value(base) !== value;
                return (
                  <td
                    key={c.label}
                    data-testid={`try-${row.key}-${index}`}
                    className={`min-w-36 ${changed ? 'bg-amber-50 font-semibold text-amber-900' : ''}`}
                  >
                    {value}
                    {changed ? <span className="sr-only"> (changed)</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
