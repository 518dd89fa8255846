import { statusLabel } from '../lib/format';

const TONES: Record<string, string> = {
  submitted: 'bg-sky-100 text-sky-800',
  in_review: 'bg-indigo-100 text-indigo-800',
  documents_requested: 'bg-amber-100 text-amber-900',
  ready_to_file: 'bg-teal-100 text-teal-800',
  filed: 'bg-blue-100 text-blue-800',
  accepted: 'bg-brand-100 text-brand-800',
  paid: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  withdrawn: 'bg-ink-200 text-ink-700',
  in_progress: 'bg-amber-100 text-amber-900',
  COMPLETED: 'bg-brand-100 text-brand-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${
        TONES[status] ?? 'bg-ink-100 text-ink-700'
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}
