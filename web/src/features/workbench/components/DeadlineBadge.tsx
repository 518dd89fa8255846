import { formatDate } from '../../../lib/format';
import type { WorkbenchRow } from '../types';

/** "12 days left", "Due today", "Passed 3 days ago": the countdown of a statutory deadline. */
export function countdownText(daysLeft: number): string {
  if (daysLeft === 0) return 'Due today';
  if (daysLeft > 0) return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  const ago = -daysLeft;
  return `Passed ${ago} ${ago === 1 ? 'day' : 'days'} ago`;
}

function tone(daysLeft: number | null): string {
  if (daysLeft === null) return 'bg-ink-100 text-ink-700';
  if (daysLeft < 0) return 'bg-red-100 text-red-800';
  if (daysLeft <= 30) return 'bg-amber-100 text-amber-900';
  return 'bg-green-100 text-green-800';
}

/** The claim's statutory deadline (from the engine's result) with its countdown. */
export function DeadlineBadge({ deadline }: { deadline: WorkbenchRow['deadline'] }) {
  if (!deadline) return <span className="text-sm text-ink-500">No deadline in the result</span>;
  const days = deadline.days_left;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span
        data-testid="deadline-countdown"
        title={deadline.label}
        className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${tone(days)}`}
      >
        {days === null ? 'Filed or closed' : countdownText(days)}
      </span>
      <span className="text-xs text-ink-600">{formatDate(deadline.date)}</span>
    </span>
  );
}

/** A claim over its SLA target for its status. */
export function SlaFlag({ sla }: { sla: WorkbenchRow['sla'] }) {
  if (!sla?.breached) return null;
  return (
    <span
      className="inline-flex whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800"
      title={`Target ${sla.working_days} working days, due ${formatDate(sla.due_at)}`}
    >
      Over SLA
    </span>
  );
}
