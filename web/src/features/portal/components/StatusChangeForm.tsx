import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { errorMessage, fieldErrors } from '../lib/errors';
import { statusLabel } from '../lib/format';
import { useChangeClaimStatusMutation, useGetAssessmentTasksQuery } from '../portalApi';
import type { Claim, ClaimStatus } from '../types';
import { buttonPrimary, inputClass, labelClass } from './ui';

/** "£1,234.50", "1234.5" or "1,234" → 1234.5; anything else (negative, more than pence) → null. */
export function parsePounds(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^£/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain);
}

const MAX_POUNDS = 100_000_000;

type Field = 'status' | 'note' | 'amount' | 'fee';

export function StatusChangeForm({ claim }: { claim: Claim }) {
  const id = useId();
  // From the API (claim-status.ts): the usual next step first. The API has the last word.
  const options = claim.next_statuses ?? [];
  const [status, setStatus] = useState<ClaimStatus | ''>(options[0] ?? '');
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [fee, setFee] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [confirmingPaid, setConfirmingPaid] = useState(false);
  const [changeStatus, { isLoading }] = useChangeClaimStatusMutation();
  const tasks = useGetAssessmentTasksQuery(claim.assessment_id ?? '', {
    skip: !claim.assessment_id || !options.includes('paid'),
  });
  const outstanding = (tasks.data ?? []).filter((task) => task.status === 'pending');

  if (options.length === 0) {
    return (
      <p className="text-sm text-ink-600">
        This claim is {statusLabel(claim.status).toLowerCase()} and can no longer move.
      </p>
    );
  }

  const paying = status === 'paid';

  const check = (): { amount_repaid?: number; fee?: number } | null => {
    const found: Partial<Record<Field, string>> = {};
    if (!status) found.status = 'Choose the new status.';
    if (!note.trim()) found.note = 'Add a note: the client sees it in the timeline.';
    let money: { amount_repaid?: number; fee?: number } = {};
    if (paying) {
      const repaid = parsePounds(amount);
      if (!amount.trim()) found.amount = 'Enter the amount HMRC repaid.';
      else if (repaid === null) found.amount = 'Enter the amount in pounds, for example 12,345.67.';
      else if (repaid > MAX_POUNDS) found.amount = 'The amount cannot be more than £100,000,000.';
      const charged = fee.trim() ? parsePounds(fee) : undefined;
      if (charged === null) found.fee = 'Enter the fee in pounds, for example 1,850.00, or leave it blank.';
      else if (charged !== undefined && charged > MAX_POUNDS)
        found.fee = 'The fee cannot be more than £100,000,000.';
      money = { amount_repaid: repaid ?? undefined, ...(charged != null ? { fee: charged } : {}) };
    }
    setErrors(found);
    const first = (['status', 'note', 'amount', 'fee'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return null;
    }
    return money;
  };

  const send = async (money: { amount_repaid?: number; fee?: number }) => {
    if (!status) return;
    try {
      const updated = await changeStatus({ id: claim.id, status, note: note.trim(), ...money }).unwrap();
      toast.success(`${claim.reference} moved to ${statusLabel(updated.status)}.`);
      setNote('');
      setAmount('');
      setFee('');
      const following = updated.next_statuses ?? [];
      setStatus(following[0] ?? '');
    } catch (caught) {
      // Shown once, in the form (beside the field the server names, else above the button).
      const byField = fieldErrors(caught);
      const shown: Partial<Record<Field | 'form', string>> = {};
      if (byField.amount_repaid) shown.amount = byField.amount_repaid;
      if (byField.fee) shown.fee = byField.fee;
      if (byField.note) shown.note = byField.note;
      if (Object.keys(shown).length === 0)
        shown.form = errorMessage(caught, 'The status could not be changed.');
      setErrors(shown);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const money = check();
    if (!money) return;
    // Documents still outstanding at Paid: the staff member confirms first.
    if (paying && outstanding.length > 0) {
      setConfirmingPaid(true);
      return;
    }
    void send(money);
  };

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate aria-label="Change status">
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          New status
        </label>
        <select
          id={`${id}-status`}
          className={inputClass}
          value={status}
          onChange={(event) => setStatus(event.target.value as ClaimStatus)}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={describedBy('status')}
        >
          {options.map((option, index) => (
            <option key={option} value={option}>
              {statusLabel(option)}
              {index === 0 && option !== 'rejected' && option !== 'withdrawn' ? ' (next step)' : ''}
            </option>
          ))}
        </select>
        {fieldError('status')}
      </div>
      {paying ? (
        <>
          <div>
            <label htmlFor={`${id}-amount`} className={labelClass}>
              Amount repaid (£)
            </label>
            <input
              id={`${id}-amount`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className={inputClass}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-required="true"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy('amount', `${id}-amount-hint`)}
            />
            <p id={`${id}-amount-hint`} className="mt-1 text-xs text-ink-500">
              What HMRC repaid, as on the remittance. The client sees it on the claim.
            </p>
            {fieldError('amount')}
          </div>
          <div>
            <label htmlFor={`${id}-fee`} className={labelClass}>
              Our fee (£, optional)
            </label>
            <input
              id={`${id}-fee`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className={inputClass}
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              aria-invalid={errors.fee ? true : undefined}
              aria-describedby={describedBy('fee')}
            />
            {fieldError('fee')}
          </div>
        </>
      ) : null}
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
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy('note')}
        />
        {fieldError('note')}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={buttonPrimary} disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Change status'}
      </button>
      <ConfirmDialog
        open={confirmingPaid}
        title="Documents still outstanding"
        description={`The client has not uploaded ${outstanding.length === 1 ? 'this requested document' : `these ${outstanding.length} requested documents`}: ${outstanding
          .map((task) => task.name)
          .join(', ')}. Move ${claim.reference} to Paid anyway? The client will no longer be asked for them.`}
        confirmLabel="Move to Paid anyway"
        cancelLabel="Go back"
        onCancel={() => setConfirmingPaid(false)}
        onConfirm={() => {
          setConfirmingPaid(false);
          const money = check();
          if (money) void send(money);
        }}
      />
    </form>
  );
}
