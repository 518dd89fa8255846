import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { linkClass } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useListContactMessagesQuery } from '../adminApi';

const PAGE_SIZE = 20;

export default function ContactMessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, error, refetch } = useListContactMessagesQuery({ page, page_size: PAGE_SIZE });
  const messages = data?.results ?? [];

  return (
    <div>
      <PageHeader
        title="Contact messages"
        description="Enquiries sent through the website’s contact form, newest first."
      />
      {isLoading ? <LoadingState label="Loading messages…" /> : null}
      {error ? (
        <ErrorState
          error={error}
          fallback="Contact messages could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : null}
      {!isLoading && !error && messages.length === 0 ? (
        <EmptyState title="No contact messages yet">Messages from the contact page appear here.</EmptyState>
      ) : null}
      {messages.length > 0 ? (
        <ul className="space-y-3">
          {messages.map((message) => (
            <li key={message.id} className="card p-4 sm:p-5">
              <details>
                <summary className="cursor-pointer list-none rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
                  <span className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                    <span className="font-semibold text-ink-900">{message.subject}</span>
                    <span className="text-xs text-ink-500">{formatDateTime(message.created_at)}</span>
                  </span>
                  <span className="mt-1 block text-sm text-ink-600">
                    {message.name} · {message.email}
                    {message.phone ? ` · ${message.phone}` : ''}
                  </span>
                  <span className="mt-2 block text-sm text-ink-700 line-clamp-2">{message.message}</span>
                </summary>
                <div className="mt-3 border-t border-ink-100 pt-3">
                  <p className="whitespace-pre-wrap text-sm text-ink-800">{message.message}</p>
                  <p className="mt-3 flex flex-wrap gap-4 text-sm">
                    <a
                      className={linkClass}
                      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                    >
                      Reply by e-mail
                    </a>
                    {message.phone ? (
                      <a className={linkClass} href={`tel:${message.phone.replace(/[^0-9+]/g, '')}`}>
                        Call {message.phone}
                      </a>
                    ) : null}
                  </p>
                </div>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      <Pagination
        page={data?.page ?? page}
        pageSize={data?.page_size ?? PAGE_SIZE}
        count={data?.count ?? 0}
        onPageChange={(next) => setParams({ page: String(next) })}
        label="Contact message pages"
      />
    </div>
  );
}
