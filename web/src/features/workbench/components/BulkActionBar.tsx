import { useState, type FormEvent } from 'react';
import type { ReactNode } from 'react';
import { LabelledField, type ControlProps } from '../../../components/form';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { statusLabel } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ALL_CLAIM_STATUSES, type ClaimStatus } from '../../portal/types';
import type { BulkResults, StaffMember } from '../types';
import { useBulkActionMutation, useListMessageTemplatesQuery } from '../workbenchApi';

type Action = 'assign' | 'status' | 'message';

/**
 * What staff do to the selected claims at once: assign, change status (each claim through its own
 * allowed moves) or send one of the firm's message templates (its merge fields filled per claim
 * by the API). Each claim's outcome is listed; failed claims stay selected.
 */
export function BulkActionBar({
  selected,
  references,
  staff,
  onDone,
}: {
  selected: string[];
  references: ReadonlyMap<string, string>;
  staff: StaffMember[];
  onDone: (failed: string[]) => void;
}) {
  const [action, setAction] = useState<Action>('assign');
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState<ClaimStatus>('in_review');
  const [note, setNote] = useState('');
  const [templateKey, setTemplateKey] = useState('');
  const [message, setMessage] = useState('');
  const templates = useListMessageTemplatesQuery(undefined, { skip: action !== 'message' }).data ?? [];
  const template = templates.find((t) => t.key === templateKey);
  const [results, setResults] = useState<BulkResults['results']>([]);
  const [run, { isLoading }] = useBulkActionMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await run(
        action === 'assign'
          ? { action, claim_ids: selected, assignee_id: assignee || null }
          : action === 'status'
            ? { action, claim_ids: selected, status, ...(note.trim() ? { note: note.trim() } : {}) }
            : {
                action,
                claim_ids: selected,
                template_key: templateKey,
                ...(template?.fields.includes('message') ? { message: message.trim() } : {}),
              },
      ).unwrap();
      const failed = answer.results.filter((r) => !r.ok);
      const done = answer.results.length - failed.length;
      if (failed.length === 0) toast.success(`${done} ${done === 1 ? 'claim' : 'claims'} updated`);
      else toast.warn(`${done} updated, ${failed.length} not: see the list below`);
      setResults(failed);
      onDone(failed.map((r) => r.claim_id));
    } catch (err) {
      toast.error(errorMessage(err, 'The action could not be applied'));
    }
  };

  return (
    <form
      aria-label="Bulk actions"
      onSubmit={(e) => void submit(e)}
      className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-4"
    >
      <p className="mb-3 text-sm font-medium text-ink-900" role="status">
        {selected.length} {selected.length === 1 ? 'claim' : 'claims'} selected
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Control id="bulk-action" label="Action">
          {(props) => (
            <select {...props} value={action} onChange={(e) => setAction(e.target.value as Action)}>
              <option value="assign">Assign</option>
              <option value="status">Change status</option>
              <option value="message">Send a templated message</option>
            </select>
          )}
        </Control>
        {action === 'assign' ? (
          <Control id="bulk-assignee" label="Assign to">
            {(props) => (
              <select {...props} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                <option value="">Nobody (unassign)</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.display_name}
                  </option>
                ))}
              </select>
            )}
          </Control>
        ) : null}
        {action === 'status' ? (
          <>
            <Control id="bulk-status" label="New status">
              {(props) => (
                <select {...props} value={status} onChange={(e) => setStatus(e.target.value as ClaimStatus)}>
                  {ALL_CLAIM_STATUSES.filter((s) => s !== 'paid').map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                </select>
              )}
            </Control>
            <Control id="bulk-note" label="Note (optional)" className="sm:w-72">
              {(props) => (
                <input {...props} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
              )}
            </Control>
          </>
        ) : null}
        {action === 'message' ? (
          <>
            <Control id="bulk-template" label="Template" className="sm:w-64">
              {(props) => (
                <select
                  {...props}
                  required
                  value={templateKey}
                  onChange={(e) => setTemplateKey(e.target.value)}
                >
                  <option value="">Choose a template</option>
                  {templates.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.name} (version {t.version})
                    </option>
                  ))}
                </select>
              )}
            </Control>
            {template?.fields.includes('message') ? (
              <Control id="bulk-message" label="Text for {{message}}" className="sm:w-96">
                {(props) => (
                  <textarea
                    {...props}
                    required
                    rows={2}
                    maxLength={5000}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                )}
              </Control>
            ) : null}
          </>
        ) : null}
        <button type="submit" className={buttonPrimary} disabled={isLoading || selected.length === 0}>
          {isLoading ? 'Applying…' : 'Apply'}
        </button>
        <button type="button" className={buttonSecondary} onClick={() => onDone([])}>
          Clear selection
        </button>
      </div>
      {results.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-ink-900">Not changed</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-red-800">
            {results.map((r) => (
              <li key={r.claim_id}>
                {references.get(r.claim_id) ?? r.claim_id}: {r.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

/** One labelled control of the bar: the label above, the control given its id and the input style. */
function Control({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: (props: ControlProps & { className: string }) => ReactNode;
}) {
  return (
    <LabelledField id={id} label={label} className={className} labelClassName={labelClass}>
      {(props) => children({ ...props, className: inputClass })}
    </LabelledField>
  );
}
