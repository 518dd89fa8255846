// Impact and release of the saved draft: the four-eyes workflow (issue 9). Submit with a note and a
// source → another adviser approves what they read → publish now or schedule a date; history;
// a rollback is a new draft through the same review, or an ADMIN emergency with a reason.
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { useAppSelector } from '../../../../app/hooks';
import { TextAreaField, TextField, useAppForm } from '../../../../components/form';
import { selectCurrentUser } from '../../../auth/session-slice';
import { ErrorState, LoadingState } from '../../../../components/States';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../../components/ui';
import { errorMessage } from '../../../../lib/errors';
import { formatDate, formatDateTime } from '../../../../lib/format';
import {
  useApproveDefinitionDraftMutation,
  useGetDefinitionDraftQuery,
  useGetDefinitionHistoryQuery,
  usePublishDefinitionDraftMutation,
  useRequestDefinitionChangesMutation,
  useRollbackDefinitionMutation,
  useRollbackDraftDefinitionMutation,
  useSubmitDefinitionDraftMutation,
  useWithdrawDefinitionDraftMutation,
} from '../definitionsApi';
import type { DefinitionChange } from '@reclaim/engine';
import type { DefinitionGroup, DefinitionVersionSummary, DraftPayload, HistoryItem } from '../types';
import { Section } from './controls';
import { ConsistencyFindings, consistencyFindings, type ConsistencyFinding } from './ConsistencyFindings';
import ImpactRunPanel from './ImpactRunPanel';
import { coverageBoxClass, passingTests } from './coverage-words';
import { FailingTests } from './FailingTests';
import {
  NOTE_MAX_LENGTH,
  RELEASE_RULES,
  REQUEST_CHANGES_RULES,
  ROLLBACK_REASON_RULES,
  type ReleaseValues,
} from './release-rules';

const STATE_WORDS = {
  editing: 'Being edited: not submitted for review',
  submitted: 'Submitted for review',
  approved: 'Approved: ready to publish',
  published: 'Published',
} as const;

function SubmitForm({ group, draft }: { group: DefinitionGroup; draft: DefinitionVersionSummary }) {
  const ids = useId();
  const form = useAppForm<ReleaseValues>({
    defaultValues: {
      release_note: draft.review?.release_note ?? '',
      source_url: draft.review?.source_url ?? '',
    },
  });
  const [submit, submitting] = useSubmitDefinitionDraftMutation();
  const [findings, setFindings] = useState<ConsistencyFinding[]>([]);
  const onValid = async (values: ReleaseValues) => {
    setFindings([]);
    try {
      await submit({
        id: group.id,
        version: draft.version,
        release_note: values.release_note.trim(),
        source_url: values.source_url.trim(),
      }).unwrap();
      toast.success(`Draft v${draft.version} is submitted for review.`);
    } catch (caught) {
      setFindings(consistencyFindings(caught));
      toast.error(errorMessage(caught, 'The draft could not be submitted.'));
    }
  };
  return (
    <form
      onSubmit={(e) => void form.submit(onValid)(e)}
      noValidate
      aria-label="Submit for review"
      className="space-y-3"
    >
      <TextAreaField
        label="Release note"
        id={`${ids}-note`}
        required
        hint="What changes and why, in a sentence or two; the reviewer and the history read it."
        maxLength={NOTE_MAX_LENGTH}
        {...form.field('release_note', RELEASE_RULES.release_note)}
      />
      <TextField
        label="Source link"
        id={`${ids}-source`}
        type="url"
        required
        hint="The legislation, HMRC manual page or case the change is based on."
        {...form.field('source_url', RELEASE_RULES.source_url)}
      />
      <button type="submit" className={buttonPrimary} disabled={submitting.isLoading}>
        {submitting.isLoading ? 'Submitting…' : 'Submit for review'}
      </button>
      <ConsistencyFindings findings={findings} />
    </form>
  );
}

interface PublishValues {
  when: 'now' | 'date';
  date: string;
}

function PublishForm({
  group,
  draft,
  today,
  onPublished,
}: {
  group: DefinitionGroup;
  draft: DefinitionVersionSummary;
  today: string;
  onPublished: () => void;
}) {
  const ids = useId();
  const form = useAppForm<PublishValues>({ defaultValues: { when: 'now', date: '' } });
  const when = form.watch('when');
  const [publish, publishing] = usePublishDefinitionDraftMutation();
  const onPublish = async (values: PublishValues) => {
    try {
      const result = await publish({
        id: group.id,
        version: draft.version,
        effective_from: values.when === 'date' ? values.date : undefined,
      }).unwrap();
      toast.success(
        result.scheduled
          ? `v${result.version} is scheduled: it applies from ${formatDate(result.effectiveFrom)}.`
          : `v${result.version} is published and applies from today.`,
      );
      onPublished();
    } catch (caught) {
      toast.error(errorMessage(caught, 'The draft could not be published.'));
    }
  };
  return (
    <form
      onSubmit={(e) => void form.submit(onPublish)(e)}
      noValidate
      aria-label="Publish"
      className="space-y-3"
    >
      <fieldset className="space-y-2">
        <legend className="label">When does v{draft.version} apply?</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="now" {...form.register('when')} />
          Now (from today)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="date" {...form.register('when')} />
          From a later date
        </label>
      </fieldset>
      {when === 'date' ? (
        <TextField
          label="Applies from"
          id={`${ids}-date`}
          className="sm:w-56"
          type="date"
          min={today}
          hint="Assessments dated on or after this day use the new version; nothing needs doing on the day."
          {...form.field('date', {
            validate: (date, values) =>
              values.when !== 'date' ||
              (/^\d{4}-\d{2}-\d{2}$/.test(date) && date > today) ||
              `Choose a day after today (${formatDate(today)}).`,
          })}
        />
      ) : null}
      <button type="submit" className={buttonPrimary} disabled={publishing.isLoading}>
        {publishing.isLoading
          ? 'Publishing…'
          : when === 'date'
            ? `Schedule v${draft.version}`
            : `Publish v${draft.version} now`}
      </button>
    </form>
  );
}

function RequestChanges({ group, version }: { group: DefinitionGroup; version: number }) {
  const ids = useId();
  // Whether the comment form is shown: UI state, not a field.
  const [open, setOpen] = useState(false);
  const form = useAppForm<{ comment: string }>({ defaultValues: { comment: '' } });
  const [request, requesting] = useRequestDefinitionChangesMutation();
  const onValid = async ({ comment }: { comment: string }) => {
    try {
      await request({ id: group.id, version, comment: comment.trim() }).unwrap();
      toast.success(`Draft v${version} is sent back for changes.`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The changes could not be requested.'));
    }
  };
  if (!open)
    return (
      <button type="button" className={buttonSecondary} onClick={() => setOpen(true)}>
        Request changes…
      </button>
    );
  return (
    <form
      onSubmit={(e) => void form.submit(onValid)(e)}
      noValidate
      aria-label="Request changes"
      className="w-full space-y-3"
    >
      <TextAreaField
        label="What should change"
        id={`${ids}-comment`}
        required
        maxLength={NOTE_MAX_LENGTH}
        {...form.field('comment', REQUEST_CHANGES_RULES)}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonPrimary} disabled={requesting.isLoading}>
          Send back for changes
        </button>
        <button type="button" className={buttonSecondary} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The release gate's coverage (issue 29 §4): each changed rule or parameter and the passing tests that exercise it. */
function Coverage({ coverage }: { coverage: DraftPayload['coverage'] }) {
  if (!coverage) return null;
  return (
    <div
      className={coverageBoxClass(coverage.ok)}
      data-testid="coverage"
      role="region"
      aria-label="Test coverage of the changes"
    >
      <p className="font-medium">
        {coverage.items.length === 0
          ? 'No rule or parameter changes: no test needed for the gate.'
          : coverage.ok
            ? 'Every changed rule and parameter is exercised by a passing test.'
            : 'Not ready for review: some changes have no passing test that exercises them.'}
      </p>
      {coverage.items.length > 0 ? (
        <ul className="mt-1 space-y-0.5">
          {coverage.items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              {item.kind === 'rule' ? 'Rule' : 'Parameter'} “{item.label}”:{' '}
              {item.covered_by.length > 0
                ? `covered by ${passingTests(item.covered_by)}`
                : 'not covered: add a test on the Tests tab whose answers make it apply'}
            </li>
          ))}
        </ul>
      ) : null}
      <FailingTests names={coverage.failing_tests} reasons={coverage.failing_reasons} />
    </div>
  );
}

function ReviewPanel({
  group,
  draftVersion,
  openedChecksum,
  dirty,
  today,
  onPublished,
}: {
  group: DefinitionGroup;
  draftVersion: number;
  /** The checksum of the draft as this studio loaded or saved it: what the reviewer read. */
  openedChecksum: string | null;
  dirty: boolean;
  today: string;
  onPublished: () => void;
}) {
  const me = useAppSelector(selectCurrentUser);
  const query = useGetDefinitionDraftQuery({ id: group.id, version: draftVersion });
  const [approve, approving] = useApproveDefinitionDraftMutation();
  const [withdraw, withdrawing] = useWithdrawDefinitionDraftMutation();
  if (query.isLoading) return <LoadingState label="Loading the review…" />;
  if (!query.data)
    return (
      <ErrorState
        error={query.error}
        fallback="The draft's review could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  const draft = query.data;
  const review = draft.review;
  const state = review?.state ?? 'editing';
  // Four eyes: the submitter and the last editor never see Approve (the server refuses it too).
  const mine = me !== null && (review?.submitted_by?.id === me.id || draft.updated_by?.id === me.id);
  // The studio shows the content it loaded: approving needs that to be what is stored now.
  const stale = openedChecksum !== null && openedChecksum !== draft.checksum;
  const doApprove = async () => {
    try {
      await approve({
        id: group.id,
        version: draft.version,
        checksum: openedChecksum ?? draft.checksum,
      }).unwrap();
      toast.success(`Draft v${draft.version} is approved.`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The draft could not be approved.'));
    }
  };
  const doWithdraw = async () => {
    try {
      await withdraw({ id: group.id, version: draft.version }).unwrap();
      toast.success(`Draft v${draft.version} is back to editing.`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The draft could not be withdrawn.'));
    }
  };
  return (
    <div className="space-y-3" data-testid="review-panel">
      <p className="text-sm font-medium text-ink-900" data-testid="review-state" role="status">
        Draft v{draft.version}: {STATE_WORDS[state]}
      </p>
      <Coverage coverage={draft.coverage} />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {draft.updated_by ? (
          <>
            <dt className="text-ink-600">Last edited</dt>
            <dd>
              {draft.updated_by.name}, {formatDateTime(draft.updated_at)}
            </dd>
          </>
        ) : null}
        {review?.submitted_by ? (
          <>
            <dt className="text-ink-600">Submitted</dt>
            <dd>
              {review.submitted_by.name}, {formatDateTime(review.submitted_at)}
            </dd>
          </>
        ) : null}
        {state !== 'editing' && review?.release_note ? (
          <>
            <dt className="text-ink-600">Release note</dt>
            <dd className="whitespace-pre-line">{review.release_note}</dd>
          </>
        ) : null}
        {state !== 'editing' && review?.source_url ? (
          <>
            <dt className="text-ink-600">Source</dt>
            <dd>
              <a
                href={review.source_url}
                className="break-all text-brand-700 underline"
                rel="noreferrer noopener"
                target="_blank"
              >
                {review.source_url}
              </a>
            </dd>
          </>
        ) : null}
        {review?.approved_by ? (
          <>
            <dt className="text-ink-600">Approved</dt>
            <dd>
              {review.approved_by.name}, {formatDateTime(review.approved_at)}
            </dd>
          </>
        ) : null}
      </dl>
      {dirty ? (
        <p className="text-sm text-amber-800">
          The studio has unsaved changes. Review uses the saved draft; saving again withdraws a submission or
          an approval.
        </p>
      ) : null}
      {state === 'editing' && !dirty ? <SubmitForm group={group} draft={draft} /> : null}
      {state === 'submitted' ? (
        <div className="flex flex-wrap items-center gap-2">
          {mine ? (
            <p className="text-sm text-ink-700" data-testid="approve-not-yours">
              You submitted or last edited this draft; a different adviser must approve it.
            </p>
          ) : stale ? (
            <p className="text-sm text-amber-800" data-testid="approve-stale">
              This draft was saved again after you opened it: reload the page to review the latest version
              before approving.
            </p>
          ) : dirty ? (
            <p className="text-sm text-amber-800">
              You have unsaved edits in the studio: approve only what was submitted (reload to discard them).
            </p>
          ) : (
            <button
              type="button"
              className={buttonPrimary}
              onClick={() => void doApprove()}
              disabled={approving.isLoading}
            >
              {approving.isLoading ? 'Approving…' : `Approve v${draft.version}`}
            </button>
          )}
          {review?.submitted_by?.id !== me?.id ? (
            <RequestChanges group={group} version={draft.version} />
          ) : null}
        </div>
      ) : null}
      {state === 'approved' ? (
        <PublishForm group={group} draft={draft} today={today} onPublished={onPublished} />
      ) : null}
      {state === 'submitted' || state === 'approved' ? (
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => void doWithdraw()}
          disabled={withdrawing.isLoading}
        >
          Withdraw from review
        </button>
      ) : null}
    </div>
  );
}

function historyDetail(item: HistoryItem): string {
  const d = item.detail;
  const parts: string[] = [];
  if (typeof d.note === 'string') parts.push(`“${d.note}”`);
  if (typeof d.effective_from === 'string')
    parts.push(
      d.scheduled === true
        ? `scheduled from ${formatDate(d.effective_from)}`
        : `from ${formatDate(d.effective_from)}`,
    );
  if (typeof d.reason === 'string') parts.push(`reason: “${d.reason}”`);
  if (typeof d.comment === 'string') parts.push(`“${d.comment}”`);
  if (typeof d.copy_of === 'number') parts.push(`copy of v${d.copy_of}`);
  if (typeof d.now_current === 'number') parts.push(`v${d.now_current} answers again`);
  return parts.join(' · ');
}

function History({ id }: { id: string }) {
  const history = useGetDefinitionHistoryQuery(id);
  if (history.isLoading) return <LoadingState label="Loading the history…" />;
  if (!history.data)
    return (
      <ErrorState
        error={history.error}
        fallback="The history could not be loaded."
        onRetry={() => void history.refetch()}
      />
    );
  if (history.data.items.length === 0)
    return <p className="text-sm text-ink-600">Nothing has happened to this definition in the studio yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="History" data-testid="history">
      {history.data.items.map((item, i) => {
        const detail = historyDetail(item);
        return (
          <li key={`${item.at}-${i}`} className="border-l-2 border-ink-200 pl-3">
            <span className="font-medium text-ink-900">{item.label}</span>
            <span className="text-ink-600">
              {' '}
              · {item.user?.name ?? 'a former user'} · {formatDateTime(item.at)}
            </span>
            {detail ? <span className="block text-ink-700">{detail}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

function Rollbacks({
  group,
  draftVersion,
  onDraftStarted,
}: {
  group: DefinitionGroup;
  draftVersion: number | null;
  onDraftStarted?: ((version: number) => void) | undefined;
}) {
  const ids = useId();
  const me = useAppSelector(selectCurrentUser);
  const form = useAppForm<{ reason: string }>({ defaultValues: { reason: '' } });
  // Whether the emergency form is shown: UI state, not a field.
  const [confirming, setConfirming] = useState(false);
  const [rollbackDraft, startingDraft] = useRollbackDraftDefinitionMutation();
  const [rollback, rollingBack] = useRollbackDefinitionMutation();
  const published = group.versions.filter((v) => v.status === 'published');
  // Issue 29 §7: any earlier published or retired version can be the content of a rollback draft.
  const earlier = group.versions.filter(
    (v) => v.status !== 'draft' && v.version !== group.published?.version && !group.scheduled.includes(v),
  );
  const startDraft = async (toVersion?: number) => {
    try {
      const result = await rollbackDraft({
        id: group.id,
        ...(toVersion !== undefined ? { to_version: toVersion } : {}),
      }).unwrap();
      toast.success(
        `Draft v${result.version} copies ${toVersion !== undefined ? `v${toVersion}` : 'the previous version'}; edit nothing, submit it for review.`,
      );
      onDraftStarted?.(result.version);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The rollback draft could not be started.'));
    }
  };
  const doRollback = async ({ reason }: { reason: string }) => {
    try {
      const result = await rollback({ id: group.id, reason: reason.trim() }).unwrap();
      toast.success(`v${result.retired.version} is retired; v${result.current.version} answers again.`);
      setConfirming(false);
      form.reset();
    } catch (caught) {
      toast.error(errorMessage(caught, 'The definition could not be rolled back.'));
    }
  };
  return (
    <div className="space-y-3">
      <div>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => void startDraft()}
          disabled={draftVersion !== null || published.length < 2 || startingDraft.isLoading}
        >
          Start a rollback draft
        </button>
        <p className="mt-1 text-xs text-ink-600">
          {draftVersion !== null
            ? 'Finish or publish the open draft first.'
            : 'A new draft with the previous version’s content; it goes through the same review.'}
        </p>
      </div>
      {earlier.length > 0 ? (
        <ol className="space-y-1 text-sm" aria-label="Earlier versions">
          {earlier.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center gap-2">
              <span>
                v{v.version} · {v.status === 'retired' ? 'retired' : 'published'} · from {v.effectiveFrom}
              </span>
              <button
                type="button"
                className={`${buttonSecondary} btn-sm`}
                disabled={draftVersion !== null || startingDraft.isLoading}
                onClick={() => void startDraft(v.version)}
              >
                Roll back to this version<span className="sr-only"> (v{v.version})</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {me?.role === 'ADMIN' ? (
        confirming ? (
          <form
            onSubmit={(e) => void form.submit(doRollback)(e)}
            noValidate
            aria-label="Emergency rollback"
            className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm"
          >
            <p className="font-medium text-ink-900">
              Retire the version in force today at once, without review? The version before it answers again.
            </p>
            <TextAreaField
              label="Reason"
              id={`${ids}-reason`}
              required
              maxLength={NOTE_MAX_LENGTH}
              {...form.field('reason', ROLLBACK_REASON_RULES)}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonDanger} disabled={rollingBack.isLoading}>
                {rollingBack.isLoading ? 'Rolling back…' : 'Roll back now'}
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button
            type="button"
            className={buttonDanger}
            onClick={() => setConfirming(true)}
            disabled={published.length < 2}
          >
            Emergency rollback…
          </button>
        )
      ) : null}
    </div>
  );
}

export default function ReleaseScreen({
  group,
  changes,
  draftVersion,
  openedChecksum,
  dirty,
  today,
  onPublished,
  onDraftStarted,
}: {
  group: DefinitionGroup;
  changes: DefinitionChange[];
  draftVersion: number | null;
  openedChecksum: string | null;
  dirty: boolean;
  /** The server's business date (YYYY-MM-DD), for the earliest schedule date. */
  today: string;
  onPublished: () => void;
  /** A rollback draft was started: the studio reopens on it. */
  onDraftStarted?: ((version: number) => void) | undefined;
}) {
  return (
    <div className="space-y-4">
      <Section title="What changes" description="The draft compared with the published version, in words.">
        {changes.length === 0 ? (
          <p className="text-sm text-ink-600" data-testid="diff">
            No changes from the published version.
          </p>
        ) : (
          <ul
            className="list-disc space-y-1 pl-5 text-sm"
            aria-label="Changes from the published version"
            data-testid="diff"
          >
            {changes.map((c, i) => (
              <li key={`${c.path}-${i}`}>
                <span className="text-ink-600">{c.screen}: </span>
                {c.sentence}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        title="Impact"
        description="Replays every completed assessment of this definition with the saved draft, in the background, and lists by client and claim those whose likelihood, approach or median value would change."
      >
        <ImpactRunPanel
          key={`${group.id}@${draftVersion ?? 'none'}`}
          id={group.id}
          draftVersion={draftVersion}
        />
      </Section>
      <Section
        title="Review and publish"
        description="Four eyes: submit the saved draft with a release note and its source; a different adviser approves exactly what they read; then publish now or schedule a date. Any later save withdraws the submission or approval."
      >
        {draftVersion === null ? (
          <p className="text-sm text-ink-600">Save a draft to submit it for review.</p>
        ) : (
          <ReviewPanel
            group={group}
            draftVersion={draftVersion}
            openedChecksum={openedChecksum}
            dirty={dirty}
            today={today}
            onPublished={onPublished}
          />
        )}
      </Section>
      <Section
        title="Roll back"
        description="A rollback is a new version: a draft copying the previous version, reviewed like any other. An administrator can retire the version in force at once in an emergency, with a reason."
      >
        <Rollbacks group={group} draftVersion={draftVersion} onDraftStarted={onDraftStarted} />
      </Section>
      <Section title="History" description="Every step of this definition’s releases: who, when, and what.">
        <History id={group.id} />
      </Section>
    </div>
  );
}
