import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../lib/errors';
import { useCreateThreadMutation } from '../portalApi';
import type { Thread } from '../types';
import { ClaimSelect } from './ClaimSelect';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from './ui';

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
  const [createThread, { isLoading }] = useCreateThreadMutation();
  const [subject, setSubject] = useState(defaultSubject);
  const [body, setBody] = useState('');
  const [claimId, setClaimId] = useState('');
  const [clientId, setClientId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const needsClient = clientOptions !== undefined && !fixedClientId;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!subject.trim()) found.subject = 'Enter a subject.';
    if (!body.trim()) found.body = 'Write your message.';
    if (needsClient && !clientId) found.client = 'Choose the client to write to.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const client = fixedClientId ?? (clientId || undefined);
    const claim = fixedClaimId ?? (claimId || undefined);
    try {
      const thread = await createThread({
        subject: subject.trim(),
        body: body.trim(),
        ...(claim ? { claim_id: claim } : {}),
        ...(client ? { client_id: client } : {}),
      }).unwrap();
      toast.success('Message sent.');
      setSubject(defaultSubject);
      setBody('');
      onCreated(thread);
    } catch (caught) {
      const message = errorMessage(caught, 'Your message could not be sent. Please try again.');
      setErrors({ form: message }); // announced by the form's alert, not toasted as well
    }
  };

  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  const errorText = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3"
      noValidate
      aria-label="New message"
    >
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      {needsClient ? (
        <div>
          <label htmlFor={`${id}-client`} className={labelClass}>
            Client
          </label>
          <select
            id={`${id}-client`}
            className={inputClass}
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            aria-invalid={errors.client ? true : undefined}
            aria-describedby={describe('client')}
          >
            <option value="">Choose a client</option>
            {clientOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          {errorText('client')}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-subject`} className={labelClass}>
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className={inputClass}
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describe('subject')}
        />
        {errorText('subject')}
      </div>
      {!fixedClaimId && claimOptions.length > 0 ? (
        <ClaimSelect
          id={`${id}-claim`}
          label="About (optional)"
          noneLabel="General question"
          options={claimOptions}
          value={claimId}
          onChange={setClaimId}
        />
      ) : null}
      <div>
        <label htmlFor={`${id}-body`} className={labelClass}>
          Message
        </label>
        <textarea
          id={`${id}-body`}
          rows={5}
          className={inputClass}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describe('body')}
        />
        {errorText('body')}
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={buttonPrimary} disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
