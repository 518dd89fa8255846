import { useState, type FormEvent } from 'react';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { statusLabel } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ALL_CLAIM_STATUSES, type ClaimStatus } from '../../portal/types';
import type { BulkResults, StaffMember } from '../types';
import { useBulkActionMutation } from '../workbenchApi';

type Action = 'assign' | 'status' | 'message';

/**
 * What staff do to the selected claims at once: assign, change status (each claim through its own
 * allowed moves) or send a message. Each claim's outcome is listed; failed claims stay selected.
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
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
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
            : { action, claim_ids: selected, subject: subject.trim(), body: body.trim() },
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
        <div>
          <label htmlFor="bulk-action" className={labelClass}>
            Action
          </label>
          <select
            id="bulk-action"
            className={inputClass}
            value={action}
            onChange={(e) => setAction(e.target.value as Action)}
          >
            <option value="assign">Assign</option>
            <option value="status">Change status</option>
            <option value="message">Send a message</option>
          </select>
        </div>
        {action === 'assign' ? (
          <div>
            <label htmlFor="bulk-assignee" className={labelClass}>
              Assign to
            </label>
            <select
              id="bulk-assignee"
              className={inputClass}
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <option value="">Nobody (unassign)</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.display_name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {action === 'status' ? (
          <>
            <div>
              <label htmlFor="bulk-status" className={labelClass}>
                New status
              </label>
              <select
                id="bulk-status"
                className={inputClass}
                value={status}
                onChange={(e) => setStatus(e.target.value as ClaimStatus)}
              >
                {ALL_CLAIM_STATUSES.filter((s) => s !== 'paid').map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:w-72">
              <label htmlFor="bulk-note" className={labelClass}>
                Note (optional)
              </label>
              <input
                id="bulk-note"
                className={inputClass}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          </>
        ) : null}
        {action === 'message' ? (
          <>
            <div className="sm:w-64">
              <label htmlFor="bulk-subject" className={labelClass}>
                Subject
              </label>
              <input
                id="bulk-subject"
                className={inputClass}
                required
                maxLength={200}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
              />
            </div>
            <div className="sm:w-96">
              <label htmlFor="bulk-body" className={labelClass}>
                Message
              </label>
              <textarea
                id="bulk-body"
                className={inputClass}
                required
                rows={2}
                maxLength={10000}
                value={body}
                onChange={(e) => setBody(e.target.value)}
              />
            </div>
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
