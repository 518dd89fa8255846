// Impact and release of the saved draft.
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { TextField } from '../../../../components/form/Field';
import { ErrorState, LoadingState } from '../../../portal/components/States';
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../../portal/components/ui';
import { errorMessage } from '../../../portal/lib/errors';
import { formatMoney } from '../../../portal/lib/format';
import {
  useLazyGetDefinitionImpactQuery,
  usePublishDefinitionDraftMutation,
  useRollbackDefinitionMutation,
} from '../definitionsApi';
import type { DefinitionChange } from '@reclaim/engine';
import type { DefinitionGroup, ImpactReport, Outcome } from '../types';
import { Section } from './controls';

function outcomeText(outcome: Outcome | null): string {
  if (!outcome) return 'No stored result';
  return `${outcome.likelihood || '—'} · ${outcome.serviceApproach || '—'} · ${formatMoney(outcome.median)}`;
}

function ImpactView({ report }: { report: ImpactReport }) {
  return (
    <div className="space-y-3" data-testid="impact-report">
      <p className="text-sm text-ink-700" role="status">
        {report.changed_count === 0
          ? `None of the ${report.checked} completed assessments would change outcome.`
          : `${report.changed_count} of ${report.checked} completed assessments would change outcome.`}
      </p>
      {report.changed.length > 0 ? (
        <div className={tableWrapClass}>
          <table className={`${tableClass} ${stackTable}`}>
            <caption className="sr-only">Assessments whose outcome changes</caption>
            <thead className={stackHead}>
              <tr>
                <th scope="col">Assessment</th>
                <th scope="col">Now</th>
                <th scope="col">With the draft</th>
              </tr>
            </thead>
            <tbody className={stackBody}>
              {report.changed.map((row) => (
                <tr key={row.assessment_id} className={stackRow}>
                  <td data-label="Assessment" className={`font-mono text-xs break-all ${stackCell}`}>
                    {row.assessment_id}
                  </td>
                  <td data-label="Now" className={stackCell}>
                    {outcomeText(row.before)}
                  </td>
                  <td data-label="With the draft" className={`font-medium ${stackCell}`}>
                    {outcomeText(row.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export default function ReleaseScreen({
  group,
  changes,
  draftVersion,
  dirty,
  onPublished,
}: {
  group: DefinitionGroup;
  changes: DefinitionChange[];
  draftVersion: number | null;
  dirty: boolean;
  onPublished: () => void;
}) {
  const ids = useId();
  const [confirming, setConfirming] = useState<'publish' | 'rollback' | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [loadImpact, impact] = useLazyGetDefinitionImpactQuery();
  const [publish, publishing] = usePublishDefinitionDraftMutation();
  const [rollback, rollingBack] = useRollbackDefinitionMutation();
  const publishedVersions = group.versions.filter((v) => v.status === 'published');
  const currentImpact =
    impact.data && draftVersion !== null && impact.data.definition.version === draftVersion
      ? impact.data
      : null;

  const checkImpact = async () => {
    if (draftVersion === null) return;
    try {
      const report = await loadImpact({ id: group.id, version: draftVersion }, false).unwrap();
      toast.success(`${report.changed_count} of ${report.checked} assessments would change outcome.`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The impact could not be checked.'));
    }
  };
  const doPublish = async () => {
    if (draftVersion === null) return;
    try {
      const result = await publish({
        id: group.id,
        version: draftVersion,
        effective_from: effectiveFrom || undefined,
      }).unwrap();
      toast.success(`v${result.version} is published (effective ${result.effectiveFrom}).`);
      setConfirming(null);
      setEffectiveFrom('');
      onPublished();
    } catch (caught) {
      toast.error(errorMessage(caught, 'The draft could not be published.'));
    }
  };
  const doRollback = async () => {
    try {
      const result = await rollback(group.id).unwrap();
      toast.success(`v${result.retired.version} is retired; v${result.current.version} answers again.`);
      setConfirming(null);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The definition could not be rolled back.'));
    }
  };

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
        description="Re-evaluates completed assessments of this definition with the saved draft and lists those whose likelihood, approach or median value would change."
      >
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => void checkImpact()}
          disabled={draftVersion === null || impact.isFetching}
        >
          {impact.isFetching ? 'Checking…' : 'Check impact'}
        </button>
        {impact.isFetching ? <LoadingState label="Re-evaluating stored assessments…" /> : null}
        {!impact.isFetching && impact.isError ? (
          <ErrorState error={impact.error} fallback="The impact could not be checked." />
        ) : null}
        {!impact.isFetching && currentImpact ? <ImpactView report={currentImpact} /> : null}
      </Section>
      <Section
        title="Publish"
        description="Publishing makes the saved draft the version new assessments use; it never changes afterwards. Rolling back retires the newest published version so the one before it answers again. Both are logged."
      >
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonPrimary}
            onClick={() => setConfirming('publish')}
            disabled={draftVersion === null || confirming !== null}
          >
            Publish
          </button>
          <button
            type="button"
            className={buttonDanger}
            onClick={() => setConfirming('rollback')}
            disabled={publishedVersions.length < 2 || confirming !== null}
          >
            Roll back
          </button>
        </div>
        {draftVersion !== null && dirty ? (
          <p className="text-sm text-amber-800">
            The studio has unsaved changes: Publish uses the saved draft.
          </p>
        ) : null}
        {confirming === 'publish' && draftVersion !== null ? (
          <div
            role="group"
            aria-label="Confirm publishing"
            className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
          >
            <p className="font-medium text-ink-900">
              Publish draft v{draftVersion} of {group.title}?
            </p>
            <TextField
              label="Effective from (default today)"
              id={`${ids}-effective`}
              className="mt-3 sm:w-56"
              type="date"
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.target.value)}
            />
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonPrimary}
                onClick={() => void doPublish()}
                disabled={publishing.isLoading}
              >
                {publishing.isLoading ? 'Publishing…' : `Publish v${draftVersion}`}
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(null)}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        {confirming === 'rollback' && publishedVersions.length >= 2 ? (
          <div
            role="group"
            aria-label="Confirm rollback"
            className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm"
          >
            <p className="font-medium text-ink-900">
              Retire v{publishedVersions[0]?.version}? v{publishedVersions[1]?.version} becomes the published
              version again.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonDanger}
                onClick={() => void doRollback()}
                disabled={rollingBack.isLoading}
              >
                {rollingBack.isLoading ? 'Rolling back…' : `Retire v${publishedVersions[0]?.version}`}
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(null)}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
      </Section>
    </div>
  );
}
