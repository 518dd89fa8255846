// Saving a dated parameter set edited on the Dated parameters screen, and its four-eyes review
// (issue 9 points 1 and 6): save → submit (note + source) → another adviser approves → publish.
// A new rate is a new row from its own date, so publishing is never scheduled.
import { useEffect, useState } from 'react';
import type { ParameterSet } from '@reclaim/engine';
import { useAppSelector } from '../../../../app/hooks';
import {
  FormAlert,
  TextAreaField,
  TextField,
  applyServerErrors,
  useAppForm,
} from '../../../../components/form';
import { RELEASE_RULES, type ReleaseValues } from './release-rules';
import { toast } from '../../../../lib/toast';
import { selectCurrentUser } from '../../../auth/session-slice';
import { buttonPrimary, buttonSecondary } from '../../../../components/ui';
import { errorMessage } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import {
  useApproveParameterDraftMutation,
  useGetParameterSetQuery,
  usePublishParameterDraftMutation,
  useRollbackParameterDraftMutation,
  useSaveParameterDraftMutation,
  useSubmitParameterDraftMutation,
} from '../definitionsApi';

const STATE_WORDS = {
  editing: 'being edited',
  submitted: 'submitted for review',
  approved: 'approved, ready to publish',
} as const;

export default function ParameterRelease({
  set,
  hasProblems,
  base,
  onBase,
  onOpened,
}: {
  /** The set as edited on this screen. */
  set: ParameterSet;
  /** The screen shows gaps, overlaps or wrong values: nothing is sent until they are fixed. */
  hasProblems: boolean;
  /** The checksum this studio's edits started from (kept by the studio across screens). */
  base: string | undefined;
  onBase: (checksum: string) => void;
  /** An open parameter draft is what the adviser edits (never the stored set over it). */
  onOpened: (set: ParameterSet) => void;
}) {
  const me = useAppSelector(selectCurrentUser);
  const query = useGetParameterSetQuery(set.id);
  const [save, saving] = useSaveParameterDraftMutation();
  const [submit, submitting] = useSubmitParameterDraftMutation();
  const [approve, approving] = useApproveParameterDraftMutation();
  const [publish, publishing] = usePublishParameterDraftMutation();
  const [rollbackDraft, startingRollback] = useRollbackParameterDraftMutation();
  const form = useAppForm<ReleaseValues>({ defaultValues: { release_note: '', source_url: '' } });
  // What the last button action (save, approve, publish) could not do: not a form field.
  const [problem, setProblem] = useState<string | null>(null);
  const stored = query.data;
  const draft = stored?.draft ?? null;
  const title = `Parameters of ${set.title}`;
  useEffect(() => {
    if (!stored || base !== undefined) return;
    if (stored.draft) onOpened(stored.draft.parameter_set as unknown as ParameterSet);
    onBase(stored.draft?.checksum ?? stored.checksum);
  }, [stored, base, onBase, onOpened]);

  const doSave = async () => {
    if (!stored || base === undefined) return;
    setProblem(null);
    try {
      const saved = await save({
        id: set.id,
        parameter_set: set as unknown as Record<string, unknown>,
        // What this studio started from: the open draft, or the stored set when there was none;
        // a draft saved by someone else since is a 409 naming them, never overwritten.
        base_checksum: base,
      }).unwrap();
      onBase(saved.checksum);
      toast.success('Parameter draft saved.');
    } catch (caught) {
      setProblem(errorMessage(caught, 'The parameter draft could not be saved.'));
    }
  };
  const doSubmit = async (values: ReleaseValues) => {
    setProblem(null);
    try {
      await submit({ id: set.id, ...values }).unwrap();
      toast.success('Parameter draft submitted for review.');
    } catch (caught) {
      applyServerErrors(form, caught, { fallback: 'The parameter draft could not be submitted.' });
    }
  };
  const doApprove = async () => {
    if (!draft) return;
    setProblem(null);
    try {
      await approve({ id: set.id, checksum: draft.checksum }).unwrap();
      toast.success('Parameter draft approved.');
    } catch (caught) {
      setProblem(errorMessage(caught, 'The parameter draft could not be approved.'));
    }
  };
  const doPublish = async () => {
    setProblem(null);
    try {
      const published = await publish({ id: set.id }).unwrap();
      onBase(published.checksum);
      toast.success('Parameters published: each new row applies from its own date.');
    } catch (caught) {
      setProblem(errorMessage(caught, 'The parameters could not be published.'));
    }
  };

  const doRollback = async (checksum: string, replacedAt: string) => {
    setProblem(null);
    try {
      const started = await rollbackDraft({ id: set.id, checksum }).unwrap();
      onOpened(started.parameter_set as unknown as ParameterSet);
      onBase(started.checksum);
      toast.success(
        `Parameter draft started with the values in force until ${formatDateTime(replacedAt)}; submit it for review.`,
      );
    } catch (caught) {
      setProblem(errorMessage(caught, 'The rollback draft could not be started.'));
    }
  };

  if (!stored) return null;
  const earlier = stored.versions.filter((v) => !v.is_current);
  const state = draft?.review.state;
  // Four eyes: the submitter and the last editor never see Approve (the server refuses it too).
  const mine = me !== null && (draft?.review.submitted_by?.id === me.id || draft?.updated_by?.id === me.id);
  return (
    <div
      className="space-y-2 rounded border border-ink-200 p-3 text-sm"
      role="group"
      aria-label={`Release of ${title}`}
    >
      <p role="status" data-testid={`parameter-state-${set.id}`}>
        {draft
          ? `Parameter draft ${STATE_WORDS[draft.review.state]}${
              draft.updated_by
                ? ` · last edited by ${draft.updated_by.name}, ${formatDateTime(draft.updated_at)}`
                : ''
            }`
          : `Published${stored.updated_by ? ` by ${stored.updated_by.name}` : ''} · ${formatDateTime(stored.updated_at)}`}
      </p>
      <button
        type="button"
        className={buttonSecondary}
        disabled={hasProblems || saving.isLoading || base === undefined}
        onClick={() => void doSave()}
      >
        Save parameter draft
      </button>
      {draft && state === 'editing' ? (
        <form className="space-y-2" noValidate onSubmit={(e) => void form.submit(doSubmit)(e)}>
          <FormAlert form={form} />
          <TextAreaField
            label="Release note (what changes and why)"
            required
            {...form.field('release_note', RELEASE_RULES.release_note)}
          />
          <TextField
            label="Source link (https://…)"
            type="url"
            required
            {...form.field('source_url', RELEASE_RULES.source_url)}
          />
          <button type="submit" className={buttonSecondary} disabled={submitting.isLoading}>
            Submit parameters for review
          </button>
        </form>
      ) : null}
      {draft && state === 'submitted' && !mine ? (
        <button
          type="button"
          className={buttonPrimary}
          disabled={approving.isLoading}
          onClick={() => void doApprove()}
        >
          Approve parameters
        </button>
      ) : null}
      {draft && state === 'submitted' && mine ? (
        <p>Another adviser must approve this parameter draft.</p>
      ) : null}
      {draft && state === 'approved' ? (
        <button
          type="button"
          className={buttonPrimary}
          disabled={publishing.isLoading}
          onClick={() => void doPublish()}
        >
          Publish parameters
        </button>
      ) : null}
      {earlier.length > 0 ? (
        <details>
          <summary>Earlier versions of these parameters</summary>
          <ol className="mt-1 space-y-1" aria-label={`Earlier versions of ${title}`}>
            {earlier.map((v) => (
              <li key={v.checksum} className="flex flex-wrap items-center gap-2">
                <span>In force until {formatDateTime(v.replaced_at)}</span>
                <button
                  type="button"
                  className={`${buttonSecondary} btn-sm`}
                  disabled={draft !== null || startingRollback.isLoading}
                  title={draft !== null ? 'Finish or discard the open parameter draft first' : undefined}
                  onClick={() => void doRollback(v.checksum, v.replaced_at)}
                >
                  Roll back to this version
                  <span className="sr-only"> (in force until {formatDateTime(v.replaced_at)})</span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {stored.history.length > 0 ? (
        <details>
          <summary>History of these parameters</summary>
          <ol className="mt-1 space-y-0.5" aria-label={`History of ${title}`}>
            {stored.history.slice(0, 20).map((item) => (
              <li key={`${item.at}-${item.action}`}>
                {item.label} · {item.user?.name ?? 'a former user'} · {formatDateTime(item.at)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
