import { useEffect, useId, useRef } from 'react';
import { FormAlert, TextAreaField, applyServerErrors, apiRules, useAppForm } from '../../../components/form';
import { useAuth } from '../../auth/use-auth';
import { formatDateTime } from '../../../lib/format';
import { useGetThreadQuery, useReplyToThreadMutation } from '../portalApi';
import { ErrorState, LoadingState } from '../../../components/States';
import { buttonPrimary } from '../../../components/ui';

export function ThreadView({ threadId, showSubject = true }: { threadId: string; showSubject?: boolean }) {
  const { user } = useAuth();
  const { data: thread, isLoading, error, refetch } = useGetThreadQuery(threadId);
  const [reply] = useReplyToThreadMutation();
  const form = useAppForm<{ body: string }>({ defaultValues: { body: '' } });
  const sending = form.formState.isSubmitting;
  const replyId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  // Show the newest message: scroll the message box only, never the page.
  const messageCount = thread?.messages?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messageCount]);

  const onValid = async ({ body }: { body: string }) => {
    try {
      await reply({ threadId, body: body.trim() }).unwrap();
      form.reset({ body: '' });
    } catch (caught) {
      // Announced by the form's alert (or beside the field), not toasted as well.
      applyServerErrors(form, caught, { fallback: 'Your reply could not be sent. Please try again.' });
    }
  };

  if (isLoading) return <LoadingState label="Loading conversation…" />;
  if (error || !thread) {
    return (
      <ErrorState
        error={error}
        fallback="This conversation could not be loaded."
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {showSubject ? (
        <div>
          <h2 className="text-lg font-semibold text-ink-900">{thread.subject}</h2>
          <p className="text-sm text-ink-600">
            {/* The client reading their own thread is writing to the firm, not to themselves. */}
            {thread.client.id === user?.id
              ? 'With your Reclaim adviser'
              : `With ${thread.client.display_name || thread.client.email}`}
          </p>
        </div>
      ) : null}
      <ol ref={listRef} aria-label="Messages" className="max-h-[28rem] space-y-3 overflow-y-auto pr-1">
        {(thread.messages ?? []).map((message) => {
          const mine = message.sender.id === user?.id;
          return (
            <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[85%] rounded-lg px-4 py-3 text-sm ${
                  mine ? 'bg-brand-700 text-white' : 'border border-ink-200 bg-ink-50 text-ink-900'
                }`}
              >
                <p className={`mb-1 text-xs ${mine ? 'text-brand-100' : 'text-ink-500'}`}>
                  {mine ? 'You' : message.sender.display_name}
                  {!mine && message.sender.role !== 'CLIENT' ? ' · Reclaim' : ''} ·{' '}
                  {formatDateTime(message.created_at)}
                </p>
                <p className="whitespace-pre-wrap break-words">{message.body}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <form onSubmit={(event) => void form.submit(onValid)(event)} className="space-y-2" noValidate>
        <FormAlert form={form} />
        <TextAreaField
          id={replyId}
          label="Reply"
          rows={3}
          {...form.field(
            'body',
            apiRules('PostMessageDto', 'body', { required: 'Write a message before sending.' }),
          )}
        />
        <div className="flex justify-end">
          <button type="submit" className={buttonPrimary} disabled={sending}>
            {sending ? 'Sending…' : 'Send reply'}
          </button>
        </div>
      </form>
    </div>
  );
}
