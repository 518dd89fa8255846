import { useEffect, useState } from 'react';
import { buttonSecondary, cardClass, inputClass, labelClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  useAssignClaimMutation,
  useGetTimelineQuery,
  useGetWorkbenchClaimQuery,
  useListStaffQuery,
} from '../workbenchApi';
import { DeadlineBadge, SlaFlag } from './DeadlineBadge';

function AssignControl({ claimId, current }: { claimId: string; current: string }) {
  const staff = useListStaffQuery().data?.results ?? [];
  const [value, setValue] = useState(current);
  const [assign, { isLoading }] = useAssignClaimMutation();
  useEffect(() => setValue(current), [current]);
  const save = async () => {
    try {
      await assign({ id: claimId, assignee_id: value || null }).unwrap();
      toast.success(value ? 'Claim assigned' : 'Claim unassigned');
    } catch (err) {
      toast.error(errorMessage(err, 'The claim could not be assigned'));
    }
  };
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor="claim-assignee" className={labelClass}>
          Assignee
        </label>
        <select
          id="claim-assignee"
          className={inputClass}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        >
          <option value="">Unassigned</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.display_name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={buttonSecondary}
        disabled={isLoading || value === current}
        onClick={() => void save()}
      >
        Assign
      </button>
    </div>
  );
}

/** Staff only, on a claim's page: its deadlines, SLA, assignee and the whole activity timeline. */
export function ClaimWorkPanel({ claimId }: { claimId: string }) {
  const { data: row } = useGetWorkbenchClaimQuery(claimId);
  const { data: timeline } = useGetTimelineQuery(claimId);
  return (
    <>
      <section className={cardClass} aria-labelledby="work-heading">
        <h2 id="work-heading" className="mb-4 text-lg font-semibold text-ink-900">
          Deadline and assignment
        </h2>
        {row ? (
          <div className="space-y-4">
            <div className="flex flex-wrap items-start gap-2">
              <DeadlineBadge deadline={row.deadline} />
              <SlaFlag sla={row.sla} />
            </div>
            {row.deadlines && row.deadlines.length > 0 ? (
              <ul className="space-y-1 text-sm text-ink-700">
                {row.deadlines.map((d) => (
                  <li key={`${d.label}-${d.date}`}>
                    <span className="font-medium">{formatDate(d.date)}</span>: {d.label}
                  </li>
                ))}
              </ul>
            ) : null}
            {row.sla ? (
              <p className="text-sm text-ink-600">
                SLA: {row.sla.working_days} working days in this status, due {formatDate(row.sla.due_at)}.
              </p>
            ) : null}
            <AssignControl claimId={claimId} current={row.assignee?.id ?? ''} />
          </div>
        ) : (
          <p className="text-sm text-ink-500">Loading…</p>
        )}
      </section>
      <section className={cardClass} aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-4 text-lg font-semibold text-ink-900">
          Activity
        </h2>
        {timeline ? (
          <ol className="space-y-3" aria-label="Activity timeline">
            {timeline.items.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="text-sm">
                <p className="font-medium text-ink-900">{item.text}</p>
                {item.detail ? <p className="whitespace-pre-line text-ink-700">{item.detail}</p> : null}
                <p className="text-xs text-ink-500">
                  {formatDateTime(item.at)}
                  {item.actor ? ` · ${item.actor.display_name}` : ''}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-ink-500">Loading…</p>
        )}
      </section>
    </>
  );
}
