import { buttonSecondary } from './ui';

export function Pagination({
  page,
  pageSize,
  count,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (count === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600"
    >
      <p>
        Showing {first}–{last} of {count}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
        >
          Previous
        </button>
        <span aria-current="page">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
