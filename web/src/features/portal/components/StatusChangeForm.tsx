import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../lib/errors';
import { statusLabel } from '../lib/format';
import { useChangeClaimStatusMutation } from '../portalApi';
import type { Claim, ClaimStatus } from '../types';
import { buttonPrimary, inputClass, labelClass } from './ui';

// Mirrors the API's ALLOWED_TRANSITIONS (api/src/modules/claims/claim-status.ts); the first
// entry is the usual next step. The API has the last word.
const TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ['in_review', 'documents_requested', 'rejected', 'withdrawn'],
  in_review: ['ready_to_file', 'documents_requested', 'rejected', 'withdrawn'],
  documents_requested: ['in_review', 'ready_to_file', 'rejected', 'withdrawn'],
  ready_to_file: ['filed', 'documents_requested', 'in_review', 'rejected', 'withdrawn'],
  filed: ['accepted', 'rejected'],
  accepted: ['paid'],
  paid: [],
  rejected: ['in_review'],
  withdrawn: ['in_review'],
};

export function nextStatuses(current: ClaimStatus): readonly ClaimStatus[] {
  return TRANSITIONS[current] ?? [];
}

export function StatusChangeForm({ claim }: { claim: Claim }) {
  const id = useId();
  const options = nextStatuses(claim.status);
  const [status, setStatus] = useState<ClaimStatus | ''>(options[0] ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changeStatus, { isLoading }] = useChangeClaimStatusMutation();

  if (options.length === 0) {
    return (
      <p className="text-sm text-ink-600">
        This claim is {statusLabel(claim.status).toLowerCase()} and can no longer move.
      </p>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setError('Choose the new status.');
      return;
    }
    if (!note.trim()) {
      setError('Add a note: the client sees it in the timeline.');
      return;
    }
    setError(null);
    try {
      const updated = await changeStatus({ id: claim.id, status, note: note.trim() }).unwrap();
      toast.success(`${claim.reference} moved to ${statusLabel(updated.status)}.`);
      setNote('');
      const following = nextStatuses(updated.status);
      setStatus(following[0] ?? '');
    } catch (caught) {
      const message = errorMessage(caught, 'The status could not be changed.');
      setError(message); // announced by the form's alert, not toasted as well
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3"
      noValidate
      aria-label="Change status"
    >
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          New status
        </label>
        <select
          id={`${id}-status`}
          className={inputClass}
          value={status}
          onChange={(event) => setStatus(event.target.value as ClaimStatus)}
        >
          {options.map((option, index) => (
            <option key={option} value={option}>
              {statusLabel(option)}
              {index === 0 && option !== 'rejected' && option !== 'withdrawn' ? ' (next step)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className={labelClass}>
          Note
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          className={inputClass}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonPrimary} disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Change status'}
      </button>
    </form>
  );
}
