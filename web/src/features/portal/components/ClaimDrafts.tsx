import { useId, useState } from 'react';
import {
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  apiRules,
  applyServerErrors,
  useAppForm,
} from '../../../components/form';
import { ErrorState, LoadingState } from '../../../components/States';
import { buttonPrimary, buttonSecondary } from '../../../components/ui';
import { downloadFile, TransferError } from '../../../lib/authenticated-transfer';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRefreshSession } from '../../../lib/use-refresh-session';
import { useAuth } from '../../auth/use-auth';
import {
  useEditClaimDraftMutation,
  useGenerateClaimDraftsMutation,
  useListClaimDraftsQuery,
  useSignClaimDraftMutation,
  useSupplyClaimDraftFieldsMutation,
  type ClaimDraft,
  type ClaimDraftClientField,
} from '../draftsApi';
import type { Claim } from '../types';

// Draft claim documents (issue 30 §1): one per route the result supports. Staff generate them and
// write the free text; the client supplies what is missing, signs the declaration and downloads
// the final PDF. Every word of a draft comes from the API (the definition's template).

const FIELD_LABELS: Record<ClaimDraftClientField, string> = {
  utrn: 'UTRN of the original return',
  purchasers: "Every purchaser's name and address",
  property_address: 'Property address',
  title_number: 'Land Registry title number',
  bank_account_name: 'Name on the bank account',
  bank_sort_code: 'Sort code',
  bank_account_number: 'Account number',
  appealed_before: 'Have you appealed against this tax before?',
  tax_reference: 'Your HMRC reference (UTR or inheritance tax reference)',
};

const FIELD_HINTS: Partial<Record<ClaimDraftClientField, string>> = {
  utrn: '11 characters, e.g. 123456789MC (12 digits for a Welsh return). It is on the SDLT5 certificate.',
  purchasers: 'One purchaser per line.',
  bank_sort_code: 'Six digits, e.g. 12-34-56.',
  bank_account_number: 'Eight digits.',
};

/** Today as YYYY-MM-DD in the browser's calendar. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function statusText(draft: ClaimDraft): string {
  if (draft.signed) return `Signed by ${draft.signed.name} on ${formatDate(draft.signed.date)}`;
  if (draft.complete) return 'Complete';
  return draft.ready_to_sign ? 'Ready to sign' : 'Incomplete';
}

function ClientFieldsForm({ claimId, draft }: { claimId: string; draft: ClaimDraft }) {
  const id = useId();
  const needed = draft.client_fields_needed;
  const form = useAppForm<Record<ClaimDraftClientField, string>>({ defaultValues: draft.client_fields });
  const [supply] = useSupplyClaimDraftFieldsMutation();
  const onValid = async (values: Record<ClaimDraftClientField, string>) => {
    try {
      const fields = Object.fromEntries(needed.map((name) => [name, values[name].trim()]));
      await supply({ claimId, fields }).unwrap();
      toast.success('Thank you: your details are in the draft.');
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'Your details could not be saved.' });
    }
  };
  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-3"
      noValidate
      aria-label={`Your details for ${draft.title}`}
    >
      <h4 className="font-medium text-ink-900">Your details</h4>
      {needed.map((name) =>
        name === 'appealed_before' ? (
          <SelectField key={name} id={`${id}-${name}`} label={FIELD_LABELS[name]} {...form.field(name)}>
            <option value="">Choose…</option>
            <option value="no">No</option>
            <option value="yes">Yes</option>
          </SelectField>
        ) : name === 'purchasers' || name === 'property_address' ? (
          <TextAreaField
            key={name}
            id={`${id}-${name}`}
            label={FIELD_LABELS[name]}
            hint={FIELD_HINTS[name]}
            rows={3}
            {...form.field(name, apiRules('ClaimDraftFieldsDto', name))}
          />
        ) : (
          <TextField
            key={name}
            id={`${id}-${name}`}
            label={FIELD_LABELS[name]}
            hint={FIELD_HINTS[name]}
            autoComplete="off"
            {...form.field(name, apiRules('ClaimDraftFieldsDto', name))}
          />
        ),
      )}
      <FormAlert form={form} />
      <button type="submit" className={buttonSecondary} disabled={form.formState.isSubmitting}>
        Save my details
      </button>
    </form>
  );
}

function DeclarationForm({ claimId, draft }: { claimId: string; draft: ClaimDraft }) {
  const id = useId();
  const form = useAppForm<{ full_name: string; date: string }>({
    defaultValues: { full_name: '', date: todayIso() },
  });
  const [sign] = useSignClaimDraftMutation();
  const onValid = async (values: { full_name: string; date: string }) => {
    try {
      await sign({
        claimId,
        draftId: draft.id,
        full_name: values.full_name.trim(),
        date: values.date,
        // The draft as read: if staff changed it since, nothing is signed (409, decisions §127).
        checksum: draft.checksum,
      }).unwrap();
      toast.success('Signed. Your claim is ready to download.');
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'The declaration could not be signed.' });
    }
  };
  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-3"
      noValidate
      aria-label={`Sign the declaration for ${draft.title}`}
    >
      <h4 className="font-medium text-ink-900">Declaration</h4>
      {draft.ready_to_sign ? (
        <p className="text-sm text-ink-700">
          Typing your full name signs the declaration in the draft above: the particulars are correct to the
          best of your knowledge and belief.
        </p>
      ) : (
        <p className="text-sm text-ink-700">You can sign once everything else the claim needs is in.</p>
      )}
      <TextField
        id={`${id}-name`}
        label="Your full name"
        autoComplete="name"
        disabled={!draft.ready_to_sign}
        {...form.field(
          'full_name',
          apiRules('SignClaimDraftDto', 'full_name', { required: 'Type your full name.' }),
        )}
      />
      <TextField
        id={`${id}-date`}
        label="Date"
        type="date"
        disabled={!draft.ready_to_sign}
        {...form.field('date', apiRules('SignClaimDraftDto', 'date', { required: 'Enter today’s date.' }))}
      />
      <FormAlert form={form} />
      <button
        type="submit"
        className={buttonPrimary}
        disabled={!draft.ready_to_sign || form.formState.isSubmitting}
      >
        Sign the declaration
      </button>
    </form>
  );
}

function StaffTextForm({ claimId, draft }: { claimId: string; draft: ClaimDraft }) {
  const id = useId();
  const editable = draft.sections.filter((s) => s.editable);
  const form = useAppForm<{ texts: Record<string, string> }>({
    defaultValues: { texts: Object.fromEntries(editable.map((s) => [s.id, s.source])) },
  });
  const [edit] = useEditClaimDraftMutation();
  if (editable.length === 0) return null;
  const onValid = async (values: { texts: Record<string, string> }) => {
    try {
      await edit({
        claimId,
        draftId: draft.id,
        sections: editable.map((s) => ({ id: s.id, text: values.texts[s.id] ?? '' })),
      }).unwrap();
      toast.success('The draft is saved.');
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'The draft could not be saved.' });
    }
  };
  return (
    <form
      onSubmit={(event) => void form.submit(onValid)(event)}
      className="space-y-3"
      noValidate
      aria-label={`Edit ${draft.title}`}
    >
      <h4 className="font-medium text-ink-900">Adviser’s text</h4>
      {editable.map((section) => (
        <TextAreaField
          key={section.id}
          id={`${id}-${section.id}`}
          label={section.heading}
          hint="Merge fields such as {{sdltTaxDue|money}} are filled in the draft."
          rows={5}
          {...form.field(`texts.${section.id}`, apiRules('ClaimDraftSectionEditDto', 'text'))}
        />
      ))}
      <FormAlert form={form} />
      <button type="submit" className={buttonSecondary} disabled={form.formState.isSubmitting}>
        Save the text
      </button>
    </form>
  );
}

function DraftCard({
  claim,
  draft,
  owner,
  staff,
}: {
  claim: Claim;
  draft: ClaimDraft;
  owner: boolean;
  staff: boolean;
}) {
  const headingId = useId();
  const refresh = useRefreshSession();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        `/api/claims/${encodeURIComponent(claim.id)}/drafts/${encodeURIComponent(draft.id)}/pdf/`,
        `${claim.reference}-${draft.route_id}.pdf`,
        refresh,
      );
    } catch (error) {
      toast.error(error instanceof TransferError ? error.message : 'The PDF could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };
  const open = !draft.signed;
  return (
    <article className="space-y-4 rounded-md border border-ink-200 p-4" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="text-base font-semibold text-ink-900">
          Claim for {draft.title}
        </h3>
        <p className="text-sm text-ink-600">{draft.legal_basis}</p>
        <p className="mt-1 text-sm font-medium text-ink-900">Status: {statusText(draft)}</p>
        {draft.limit.date ? (
          <p className="text-sm text-ink-600">
            Last day to claim by this route: {formatDate(draft.limit.date)}
          </p>
        ) : null}
      </div>
      {draft.missing_hard.length > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Still needed before the claim can be sent</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {draft.missing_hard.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {draft.warn_gaps.length > 0 && open ? (
        <div className="text-sm text-ink-700">
          <p className="font-medium">Gaps to resolve</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {draft.warn_gaps.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Read the draft</summary>
        <div className="mt-3 space-y-3">
          {draft.sections.map((section) => (
            <section key={section.id}>
              <h4 className="text-sm font-semibold text-ink-900">{section.heading}</h4>
              <p className="whitespace-pre-wrap text-sm text-ink-700">{section.text || '—'}</p>
            </section>
          ))}
        </div>
      </details>
      {staff && open ? <StaffTextForm claimId={claim.id} draft={draft} /> : null}
      {owner && open && draft.client_fields_needed.length > 0 ? (
        <ClientFieldsForm claimId={claim.id} draft={draft} />
      ) : null}
      {owner && open ? <DeclarationForm claimId={claim.id} draft={draft} /> : null}
      {draft.pdf_available ? (
        <button
          type="button"
          className={buttonSecondary}
          disabled={downloading}
          onClick={() => void download()}
        >
          {downloading ? 'Downloading…' : 'Download the signed claim (PDF)'}
        </button>
      ) : null}
    </article>
  );
}

export function ClaimDrafts({ claim }: { claim: Claim }) {
  const { isAdmin, user } = useAuth();
  const owner = claim.user.id === user?.id;
  const drafts = useListClaimDraftsQuery(claim.id);
  const [generate, { isLoading: generating }] = useGenerateClaimDraftsMutation();
  const onGenerate = async () => {
    try {
      const made = await generate(claim.id).unwrap();
      toast.success(
        made.length === 0
          ? 'The result supports no claim route yet.'
          : made.length === 1
            ? '1 draft ready.'
            : `${made.length} drafts ready.`,
      );
    } catch {
      toast.error('The drafts could not be generated.');
    }
  };
  const list = drafts.data ?? [];
  return (
    <div className="space-y-4">
      {isAdmin ? (
        <button
          type="button"
          className={buttonPrimary}
          disabled={generating}
          onClick={() => void onGenerate()}
        >
          {generating ? 'Generating…' : 'Generate drafts'}
        </button>
      ) : null}
      {drafts.isLoading ? <LoadingState label="Loading the drafts…" /> : null}
      {drafts.error ? (
        <ErrorState
          error={drafts.error}
          fallback="The drafts could not be loaded."
          onRetry={() => void drafts.refetch()}
        />
      ) : null}
      {!drafts.isLoading && !drafts.error && list.length === 0 ? (
        <p className="text-sm text-ink-600">
          {isAdmin
            ? 'No drafts yet: generate them from the claim’s result.'
            : 'Your adviser has not prepared the claim documents yet.'}
        </p>
      ) : null}
      {list.map((draft) => (
        <DraftCard key={draft.id} claim={claim} draft={draft} owner={owner} staff={isAdmin} />
      ))}
    </div>
  );
}
