import { Link } from 'react-router-dom';
import { formatDate, serviceName } from '../../../lib/format';
import {
  linkClass,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
  thClass,
} from '../../../components/ui';
import { StatusBadge } from '../../../components/StatusBadge';
import type { WorkbenchRow } from '../types';
import { DeadlineBadge, SlaFlag } from './DeadlineBadge';

export function claimPath(row: Pick<WorkbenchRow, 'id' | 'stage'>): string {
  return `/portal/${row.stage === 'claim' ? 'claims' : 'applications'}/${encodeURIComponent(row.id)}`;
}

/** The workbench's table: a checkbox per claim, its deadline countdown and SLA flag. */
export function WorkbenchTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
}: {
  rows: WorkbenchRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
}) {
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <div className={tableWrapClass}>
      <table className={`${tableClass} ${stackTable}`}>
        <caption className="sr-only">Claims</caption>
        <thead className={stackHead}>
          <tr>
            <th scope="col" className={thClass}>
              <input
                type="checkbox"
                aria-label="Select every claim on this page"
                checked={allSelected}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <th scope="col" className={thClass}>
              Reference
            </th>
            <th scope="col" className={thClass}>
              Client
            </th>
            <th scope="col" className={thClass}>
              Service
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              Deadline
            </th>
            <th scope="col" className={thClass}>
              Assignee
            </th>
          </tr>
        </thead>
        <tbody className={stackBody}>
          {rows.map((row) => (
            <tr key={row.id} className={stackRow}>
              <td className={stackCell} data-label="Select">
                <input
                  type="checkbox"
                  aria-label={`Select ${row.reference}`}
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                />
              </td>
              <td className={stackCell} data-label="Reference">
                <Link to={claimPath(row)} className={linkClass}>
                  {row.reference}
                </Link>
                <div className="text-xs text-ink-500">{formatDate(row.created_at)}</div>
              </td>
              <td className={stackCell} data-label="Client">
                {row.client.display_name || row.client.email}
              </td>
              <td className={stackCell} data-label="Service">
                {serviceName(row.service_type, row.service_name)}
              </td>
              <td className={stackCell} data-label="Status">
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge status={row.status} />
                  <SlaFlag sla={row.sla} />
                </span>
              </td>
              <td className={stackCell} data-label="Deadline">
                <DeadlineBadge deadline={row.deadline} />
              </td>
              <td className={stackCell} data-label="Assignee">
                {row.assignee?.display_name ?? <span className="text-ink-500">Unassigned</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
