import { formatDateTime, statusLabel } from '../../../lib/format';
import type { Claim, ClaimStatus } from '../types';

const MAIN_PATH: readonly ClaimStatus[] = [
  'submitted',
  'in_review',
  'ready_to_file',
  'filed',
  'accepted',
  'paid',
];

/** Progress along the main path plus every recorded change, newest last. */
export function StatusTimeline({ claim }: { claim: Claim }) {
  const reached = new Set((claim.timeline ?? []).map((entry) => entry.status));
  reached.add(claim.status);
  const closed = claim.status === 'rejected' || claim.status === 'withdrawn';
  const currentIndex = MAIN_PATH.indexOf(claim.status === 'documents_requested' ? 'in_review' : claim.status);
  const entries = [...(claim.timeline ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));

  return (
    <div className="space-y-6">
      <ol aria-label="Progress" className="flex flex-wrap gap-2">
        {MAIN_PATH.map((status, index) => {
          const done = !closed && currentIndex >= 0 && index <= currentIndex;
          const current = !closed && index === currentIndex;
          return (
            <li
              key={status}
              aria-current={current ? 'step' : undefined}
              className={`rounded-full px-3 py-1 text-xs font-medium ${
                current
                  ? 'bg-brand-700 text-white'
                  : done || (closed && reached.has(status))
                    ? 'bg-brand-100 text-brand-900'
                    : 'bg-ink-100 text-ink-600'
              }`}
            >
              {status === 'in_review' && claim.status === 'documents_requested'
                ? statusLabel('documents_requested')
                : statusLabel(status)}
            </li>
          );
        })}
        {closed ? (
          <li
            aria-current="step"
            className="rounded-full bg-red-100 px-3 py-1 text-xs font-medium text-red-800"
          >
            {statusLabel(claim.status)}
          </li>
        ) : null}
      </ol>
      <ol aria-label="Status history" className="relative space-y-5 border-l-2 border-ink-200 pl-6">
        {entries.length === 0 ? (
          <li className="text-sm text-ink-600">No changes recorded yet.</li>
        ) : (
          entries.map((entry) => (
            <li key={entry.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[1.95rem] top-1 h-3.5 w-3.5 rounded-full border-2 border-white bg-brand-600"
              />
              <p className="font-medium text-ink-900">{statusLabel(entry.status)}</p>
              <p className="text-xs text-ink-500">
                {formatDateTime(entry.created_at)}
                {entry.actor
                  ? ` · ${entry.actor.display_name}${entry.actor.role !== 'CLIENT' ? ' (Reclaim)' : ''}`
                  : ''}
              </p>
              {entry.note ? (
                <p className="mt-1 whitespace-pre-wrap text-sm text-ink-700">{entry.note}</p>
              ) : null}
            </li>
          ))
        )}
      </ol>
    </div>
  );
}
