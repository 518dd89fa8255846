const STYLES: Record<string, string> = {
  published: 'bg-accent-100 text-accent-700',
  draft: 'bg-amber-100 text-amber-800',
  retired: 'bg-ink-100 text-ink-600',
  scheduled: 'bg-brand-100 text-brand-800',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge ${STYLES[status] ?? 'bg-ink-100 text-ink-700'}`}>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
