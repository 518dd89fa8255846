import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import { statusLabel } from '../../../lib/format';
import { useChangeClaimStatusMutation, useGetAssessmentTasksQuery } from '../portalApi';
import type { Claim, ClaimStatus } from '../types';
import { buttonPrimary } from '../../../components/ui';

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

interface StatusValues {
  status: ClaimStatus | '';
  note: string;
  amount: string;
  fee: string;
}

/** The amounts to send, from the form's text (already validated). */
function moneyOf({ status, amount, fee }: StatusValues): { amount_repaid?: number; fee?: number } {
  if (status !== 'paid') return {};
  const repaid = parsePounds(amount);
  const charged = fee.trim() ? parsePounds(fee) : null;
  return {
    ...(repaid !== null ? { amount_repaid: repaid } : {}),
    ...(charged !== null ? { fee: charged } : {}),
  };
}

export function StatusChangeForm({ claim }: { claim: Claim }) {
  const id = useId();
  // From the API (claim-status.ts): the usual next step first. The API has the last word.
  const options = claim.next_statuses ?? [];
  const form = useAppForm<StatusValues>({
    defaultValues: { status: options[0] ?? '', note: '', amount: '', fee: '' },
  });
  const { isSubmitting } = form.formState;
  // The confirm dialog before Paid with documents outstanding: UI state, not a field.
  const [confirmingPaid, setConfirmingPaid] = useState(false);
  const [changeStatus] = useChangeClaimStatusMutation();
  const status = form.watch('status');
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

  const send = async (values: StatusValues) => {
    if (!values.status) return;
    try {
      const updated = await changeStatus({
        id: claim.id,
        status: values.status,
        note: values.note.trim(),
        ...moneyOf(values),
      }).unwrap();
      toast.success(`${claim.reference} moved to ${statusLabel(updated.status)}.`);
      const following = updated.next_statuses ?? [];
      form.reset({ status: following[0] ?? '', note: '', amount: '', fee: '' });
    } catch (caught) {
      // Shown once, in the form (beside the field the server names, else above the button).
      applyServerErrors(form, caught, {
        fallback: 'The status could not be changed.',
        fields: { amount_repaid: 'amount' },
      });
    }
  };

  const onValid = async (values: StatusValues) => {
    // Documents still outstanding at Paid: the staff member confirms first.
    if (values.status === 'paid' && outstanding.length > 0) {
      setConfirmingPaid(true);
      return;
    }
    await send(values);
  };

  const money = (what: string, example: string, optional: boolean) => (value: string) => {
    if (!value.trim()) return optional || `Enter the ${what} HMRC repaid.`;
    const pounds = parsePounds(value);
    if (pounds === null)
      return optional
        ? `Enter the fee in pounds, for example ${example}, or leave it blank.`
        : `Enter the amount in pounds, for example ${example}.`;
    if (pounds > MAX_POUNDS) return `The ${what} cannot be more than £100,000,000.`;
    return true;
  };

  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-3"
      noValidate
      aria-label="Change status"
    >
      <SelectField
        id={`${id}-status`}
        label="New status"
        {...form.field('status', { validate: (v) => v !== '' || 'Choose the new status.' })}
      >
        {options.map((option, index) => (
          <option key={option} value={option}>
            {statusLabel(option)}
            {index === 0 && option !== 'rejected' && option !== 'withdrawn' ? ' (next step)' : ''}
          </option>
        ))}
      </SelectField>
      {paying ? (
        <>
          <TextField
            id={`${id}-amount`}
            label="Amount repaid (£)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            hint="What HMRC repaid, as on the remittance. The client sees it on the claim."
            {...form.field('amount', { validate: money('amount', '12,345.67', false) })}
          />
          <TextField
            id={`${id}-fee`}
            label="Our fee (£, optional)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...form.field('fee', { validate: money('fee', '1,850.00', true) })}
          />
        </>
      ) : null}
      <TextAreaField
        id={`${id}-note`}
        label="Note"
        rows={3}
        {...form.field(
          'note',
          apiRules('ChangeClaimStatusDto', 'note', {
            required: 'Add a note: the client sees it in the timeline.',
          }),
        )}
      />
      <FormAlert form={form} />
      <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Change status'}
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
          void form.submit(send)();
        }}
      />
    </form>
  );
}
