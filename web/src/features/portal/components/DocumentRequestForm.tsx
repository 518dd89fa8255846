import { useId } from 'react';
import {
  FormAlert,
  TextAreaField,
  TextField,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { buttonPrimary } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { useRequestDocumentMutation } from '../portalApi';
import type { Schemas } from '../../../app/api-types';
import type { Claim } from '../types';

/** The form's values are the request's body (the generated contract). */
type RequestValues = Schemas['CreateDocumentRequestDto'];

/** YYYY-MM-DD, `days` from today (UTC). */
function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Staff ask the client for a document: what, why and by when. The client is e-mailed, sees it
 * under "Documents we still need", and is reminded until it is uploaded (decisions §105).
 */
export function DocumentRequestForm({ claim }: { claim: Claim }) {
  const id = useId();
  const form = useAppForm<RequestValues>({
    defaultValues: { name: '', reason: '', due_date: isoInDays(14) },
  });
  const { isSubmitting } = form.formState;
  const [requestDocument] = useRequestDocumentMutation();

  const send = async (values: RequestValues) => {
    try {
      await requestDocument({
        claimId: claim.id,
        assessmentId: claim.assessment_id ?? null,
        name: values.name.trim(),
        reason: values.reason.trim(),
        due_date: values.due_date,
      }).unwrap();
      toast.success(`Asked the client for: ${values.name.trim()}.`);
      form.reset({ name: '', reason: '', due_date: isoInDays(14) });
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'The document could not be requested.' });
    }
  };

  return (
    <form
      onSubmit={(event) => void form.submit(send)(event)}
      className="space-y-3"
      noValidate
      aria-label="Request a document"
    >
      <TextField
        id={`${id}-name`}
        label="Document"
        hint="For example: Completion statement"
        {...form.field(
          'name',
          apiRules('CreateDocumentRequestDto', 'name', { required: 'Name the document.' }),
        )}
      />
      <TextAreaField
        id={`${id}-reason`}
        label="Why it is needed"
        rows={2}
        hint="The client reads this in the portal and in the e-mail."
        {...form.field(
          'reason',
          apiRules('CreateDocumentRequestDto', 'reason', { required: 'Say why it is needed.' }),
        )}
      />
      <TextField
        id={`${id}-due`}
        label="Due by"
        type="date"
        {...form.field('due_date', {
          validate: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || 'Choose the date it is due by.',
        })}
      />
      <FormAlert form={form} />
      <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Request document'}
      </button>
    </form>
  );
}
