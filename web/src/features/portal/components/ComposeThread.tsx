import { useId } from 'react';
import {
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  apiConstraints,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import { useCreateThreadMutation } from '../portalApi';
import type { Thread } from '../types';
import { ClaimSelect } from './ClaimSelect';
import { buttonPrimary, buttonSecondary } from '../../../components/ui';
import type { Schemas } from '../../../app/api-types';

/** The form's fields: those of a new thread, as text. */
type ComposeValues = Required<Schemas['CreateThreadDto']>;

/** The API's limits (CreateThreadDto) in the compose form's words. */
const RULES = {
  subject: apiRules('CreateThreadDto', 'subject', { required: 'Enter a subject.' }),
  body: apiRules('CreateThreadDto', 'body', { required: 'Write your message.' }),
};

export interface Option {
  id: string;
  label: string;
}

export function ComposeThread({
  claimOptions = [],
  clientOptions,
  fixedClaimId,
  fixedClientId,
  defaultSubject = '',
  onCreated,
  onCancel,
}: {
  claimOptions?: Option[];
  /** Staff write to a client: the client must be chosen unless fixed. */
  clientOptions?: Option[];
  fixedClaimId?: string;
  fixedClientId?: string;
  defaultSubject?: string;
  onCreated: (thread: Thread) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [createThread] = useCreateThreadMutation();
  const empty = { subject: defaultSubject, body: '', claim_id: '', client_id: '' };
  const form = useAppForm<ComposeValues>({ defaultValues: empty });
  const { isSubmitting } = form.formState;
  const claimId = form.watch('claim_id');

  const needsClient = clientOptions !== undefined && !fixedClientId;

  const onValid = async (values: ComposeValues) => {
    const client = fixedClientId ?? (values.client_id || undefined);
    const claim = fixedClaimId ?? (values.claim_id || undefined);
    try {
      const thread = await createThread({
        subject: values.subject.trim(),
        body: values.body.trim(),
        ...(claim ? { claim_id: claim } : {}),
        ...(client ? { client_id: client } : {}),
      }).unwrap();
      toast.success('Message sent.');
      form.reset(empty);
      onCreated(thread);
    } catch (caught) {
      // Announced by the form's alert (or beside the field the API names), not toasted as well.
      applyServerErrors(form, caught, { fallback: 'Your message could not be sent. Please try again.' });
    }
  };

  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-3"
      noValidate
      aria-label="New message"
    >
      <FormAlert form={form} />
      {needsClient ? (
        <SelectField
          id={`${id}-client`}
          label="Client"
          {...form.field('client_id', { validate: (v) => v !== '' || 'Choose the client to write to.' })}
        >
          <option value="">Choose a client</option>
          {clientOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        id={`${id}-subject`}
        label="Subject"
        maxLength={apiConstraints('CreateThreadDto', 'subject').maxLength}
        {...form.field('subject', RULES.subject)}
      />
      {!fixedClaimId && claimOptions.length > 0 ? (
        <ClaimSelect
          id={`${id}-claim`}
          label="About (optional)"
          noneLabel="General question"
          options={claimOptions}
          value={claimId}
          onChange={(value) => form.setValue('claim_id', value)}
        />
      ) : null}
      <TextAreaField id={`${id}-body`} label="Message" rows={5} {...form.field('body', RULES.body)} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={buttonPrimary} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
