import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/use-auth';
import { useListAdminUsersQuery } from '../../admin/adminApi';
import { ComposeThread } from '../components/ComposeThread';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { ThreadView } from '../components/ThreadView';
import { buttonPrimary, cardClass, focusRing } from '../../../components/ui';
import { formatDateTime, serviceName } from '../../../lib/format';
import { useListClaimsQuery, useListThreadsQuery } from '../portalApi';

const PAGE_SIZE = 20;

function StaffClientOptions({
  children,
}: {
  children: (options: { id: string; label: string }[]) => ReactNode;
}) {
  const { data } = useListAdminUsersQuery({ role: 'CLIENT', page_size: 100 });
  const options = (data?.results ?? []).map((user) => ({
    id: user.id,
    label: user.display_name ? `${user.display_name} (${user.email})` : user.email,
  }));
  return <>{children(options)}</>;
}

export default function MessagesPage() {
  const { isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = params.get('thread');
  const composing = params.get('compose') === '1';
  const threads = useListThreadsQuery({ page, page_size: PAGE_SIZE });
  const claims = useListClaimsQuery({ page_size: 100 });

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const claimOptions = (claims.data?.results ?? []).map((claim) => ({
    id: claim.id,
    label: `${claim.reference} · ${serviceName(claim.service_type, claim.service_name)}`,
  }));
  const list = threads.data?.results ?? [];

  const compose = (clientOptions?: { id: string; label: string }[]) => (
    <ComposeThread
      claimOptions={claimOptions}
      {...(clientOptions ? { clientOptions } : {})}
      onCreated={(thread) => setParam({ compose: null, thread: thread.id })}
      onCancel={() => setParam({ compose: null })}
    />
  );

  return (
    <div>
      <PageHeader
        title="Messages"
        description={
          isAdmin
            ? 'Conversations with clients.'
            : 'Write to your Reclaim adviser. We reply within one working day.'
        }
        actions={
          <button
            type="button"
            className={buttonPrimary}
            onClick={() => setParam({ compose: '1', thread: null })}
          >
            New message
          </button>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-labelledby="threads-heading"
          className={`${selected || composing ? 'hidden lg:block' : ''}`}
        >
          <h2 id="threads-heading" className="sr-only">
            Conversations
          </h2>
          {threads.isLoading ? <LoadingState label="Loading conversations…" /> : null}
          {threads.error ? (
            <ErrorState
              error={threads.error}
              fallback="Conversations could not be loaded."
              onRetry={() => void threads.refetch()}
            />
          ) : null}
          {!threads.isLoading && !threads.error && list.length === 0 ? (
            <EmptyState title="No messages yet">
              Use New message to ask us anything about your claims.
            </EmptyState>
          ) : null}
          {list.length > 0 ? (
            <ul className="divide-y divide-ink-100 overflow-hidden rounded-lg border border-ink-200 bg-white shadow-sm">
              {list.map((thread) => {
                const active = thread.id === selected;
                return (
                  <li key={thread.id}>
                    <button
                      type="button"
                      onClick={() => setParam({ thread: thread.id, compose: null })}
                      aria-current={active ? 'true' : undefined}
                      className={`w-full px-4 py-3 text-left ${focusRing} ${active ? 'bg-brand-50' : 'hover:bg-ink-50'}`}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span
                          className={`block ${thread.unread_count > 0 ? 'font-semibold' : 'font-medium'} text-ink-900`}
                        >
                          {thread.subject}
                        </span>
                        {thread.unread_count > 0 ? (
                          <span className="shrink-0 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-ink-900">
                            {thread.unread_count}
                            <span className="sr-only"> unread</span>
                          </span>
                        ) : null}
                      </span>
                      <span className="mt-1 block text-xs text-ink-500">
                        {isAdmin ? `${thread.client.display_name || thread.client.email} · ` : ''}
                        {formatDateTime(thread.last_message_at)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <Pagination
            page={threads.data?.page ?? page}
            pageSize={threads.data?.page_size ?? PAGE_SIZE}
            count={threads.data?.count ?? 0}
            onPageChange={(next) => setParam({ page: String(next) })}
            label="Conversation pages"
          />
        </section>
        <section className={cardClass} aria-label={composing ? 'New message' : 'Conversation'}>
          {selected || composing ? (
            <button
              type="button"
              className={`mb-3 text-sm font-medium text-brand-800 lg:hidden ${focusRing}`}
              onClick={() => setParam({ thread: null, compose: null })}
            >
              ← All conversations
            </button>
          ) : null}
          {composing ? (
            <>
              <h2 className="mb-3 text-lg font-semibold text-ink-900">New message</h2>
              {isAdmin ? <StaffClientOptions>{(options) => compose(options)}</StaffClientOptions> : compose()}
            </>
          ) : selected ? (
            <ThreadView key={selected} threadId={selected} />
          ) : (
            <p className="text-sm text-ink-600">Choose a conversation to read it, or start a new message.</p>
          )}
        </section>
      </div>
    </div>
  );
}
