import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import type { AssessmentEvaluation, ParameterSet } from '@reclaim/engine';
import { TextField } from '../../../components/form/Field';
import { ErrorState, LoadingState } from '../../portal/components/States';
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  cardClass,
  inputClass,
  labelClass,
  stackBody,
  stackCell,
  stackHead,
  stackRow,
  stackTable,
  tableClass,
  tableWrapClass,
} from '../../portal/components/ui';
import { errorMessage } from '../../portal/lib/errors';
import { formatMoney } from '../../portal/lib/format';
import {
  useGetAdviserPublishedQuery,
  useGetDefinitionDraftQuery,
  useLazyGetDefinitionImpactQuery,
  usePublishDefinitionDraftMutation,
  useRollbackDefinitionMutation,
  useSaveDefinitionDraftMutation,
  useTryDefinitionDraftMutation,
} from './definitionsApi';
import {
  evaluateLocally,
  issuesFromApi,
  loadLocally,
  parseJson,
  validateText,
  type Issue,
} from './engine-local';
import { OUTCOME_ROWS } from './outcome';
import { StatusBadge } from './StatusBadge';
import type { DefinitionGroup, ImpactReport, Outcome } from './types';

const monoArea = `${inputClass} block w-full font-mono text-xs leading-5`;

function pretty(json: unknown): string {
  return JSON.stringify(json, null, 2);
}

function sampleOf(definition: Record<string, unknown> | undefined): { answers: string; asOf: string } {
  const tests = Array.isArray(definition?.tests)
    ? (definition.tests as { answers?: unknown; asOf?: unknown }[])
    : [];
  const sample = tests.find((t) => t.answers && typeof t.answers === 'object');
  return {
    answers: pretty(sample?.answers ?? {}),
    asOf: typeof sample?.asOf === 'string' ? sample.asOf : '',
  };
}

function IssueList({ id, issues, title }: { id: string; issues: Issue[]; title: string }) {
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-2 space-y-1" aria-label="Problems">
        {issues.map((issue, index) => (
          <li key={`${issue.path}-${index}`} className="font-mono text-xs break-words">
            {issue.path}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Column = { label: string; evaluation?: AssessmentEvaluation; error?: string };

function TryResults({ columns }: { columns: Column[] }) {
  const base = columns[0]?.evaluation;
  return (
    <div className={tableWrapClass}>
      <table className={tableClass} aria-label="Try results">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Figure</span>
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="min-w-36">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OUTCOME_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="min-w-24 text-left font-medium sm:whitespace-nowrap">
                {row.label}
              </th>
              {columns.map((c, index) => {
                if (!c.evaluation) {
                  return (
                    <td key={c.label} className="text-ink-500">
                      {row.key === 'likelihood' ? (c.error ?? '—') : ''}
                    </td>
                  );
                }
                const value = row.value(c.evaluation);
                const changed = index > 0 && base !== undefined && row.value(base) !== value;
                return (
                  <td
                    key={c.label}
                    data-testid={`try-${row.key}-${index}`}
                    className={`min-w-36 ${changed ? 'font-semibold text-amber-800' : ''}`}
                  >
                    {value}
                    {changed ? <span className="sr-only"> (changed)</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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

interface WorkbenchProps {
  group: DefinitionGroup;
  initialText: string;
  initialDraftVersion: number | null;
  published: { definition: Record<string, unknown>; parameterSets: ParameterSet[] } | undefined;
  onReloadPublished: () => string | null;
}

function Workbench({
  group,
  initialText,
  initialDraftVersion,
  published,
  onReloadPublished,
}: WorkbenchProps) {
  const ids = useId();
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState(initialDraftVersion ? initialText : null);
  const [draftVersion, setDraftVersion] = useState<number | null>(initialDraftVersion);
  const [issues, setIssues] = useState<{ title: string; list: Issue[] } | null>(null);
  const [validMessage, setValidMessage] = useState<string | null>(null);
  const sample = useMemo(() => {
    const parsed = parseJson(initialText);
    return sampleOf(parsed.ok ? (parsed.value as Record<string, unknown>) : published?.definition);
  }, [initialText, published]);
  const [answersText, setAnswersText] = useState(sample.answers);
  const [asOf, setAsOf] = useState(sample.asOf);
  const [tryColumns, setTryColumns] = useState<Column[] | null>(null);
  const [tryIssues, setTryIssues] = useState<Issue[] | null>(null);
  const [confirming, setConfirming] = useState<'publish' | 'rollback' | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');

  const [saveDraft, saving] = useSaveDefinitionDraftMutation();
  const [tryDraft, trying] = useTryDefinitionDraftMutation();
  const [loadImpact, impact] = useLazyGetDefinitionImpactQuery();
  const [publish, publishing] = usePublishDefinitionDraftMutation();
  const [rollback, rollingBack] = useRollbackDefinitionMutation();

  const parameterSets = useMemo(() => published?.parameterSets ?? [], [published]);
  const dirty = savedText === null || text !== savedText;
  const publishedVersions = group.versions.filter((v) => v.status === 'published');
  const nextVersion = draftVersion ?? (group.versions[0]?.version ?? 0) + 1;
  const currentImpact =
    impact.data && draftVersion !== null && impact.data.definition.version === draftVersion
      ? impact.data
      : null;

  const onEdit = (value: string) => {
    setText(value);
    setValidMessage(null);
  };

  const validate = () => {
    const result = validateText(text, parameterSets);
    if (result.ok) {
      setIssues(null);
      setValidMessage('The definition is valid.');
      toast.success('The definition is valid.');
    } else {
      setValidMessage(null);
      setIssues({
        title: `${result.issues.length} problem${result.issues.length === 1 ? '' : 's'} found`,
        list: result.issues,
      });
      toast.error(
        `The definition has ${result.issues.length} problem${result.issues.length === 1 ? '' : 's'}.`,
      );
    }
    return result;
  };

  const save = async () => {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      setIssues({ title: 'The draft is not valid JSON', list: parsed.issues });
      toast.error('The draft is not valid JSON.');
      return;
    }
    try {
      const saved = await saveDraft({
        id: group.id,
        definition: parsed.value as Record<string, unknown>,
      }).unwrap();
      setDraftVersion(saved.version);
      setSavedText(text);
      setIssues(null);
      toast.success(`Draft v${saved.version} saved.`);
    } catch (caught) {
      const list = issuesFromApi(caught);
      if (list) setIssues({ title: 'The server refused the draft', list });
      toast.error(errorMessage(caught, 'The draft could not be saved.'));
    }
  };

  const runTry = async () => {
    const parsedAnswers = parseJson(answersText, 'answers');
    if (
      !parsedAnswers.ok ||
      !parsedAnswers.value ||
      typeof parsedAnswers.value !== 'object' ||
      Array.isArray(parsedAnswers.value)
    ) {
      setTryIssues(
        parsedAnswers.ok
          ? [{ path: '(answers)', message: 'must be an object keyed by question id' }]
          : parsedAnswers.issues,
      );
      return;
    }
    const answers = parsedAnswers.value as Record<string, unknown>;
    setTryIssues(null);
    const when = asOf || undefined;
    const columns: Column[] = [];
    // Published, as the engine in this browser evaluates it.
    if (published) {
      const loaded = loadLocally(published.definition, published.parameterSets);
      const version = (published.definition as { version?: unknown }).version;
      const label = `Published v${typeof version === 'number' ? version : '?'} (browser)`;
      try {
        columns.push(
          loaded.ok
            ? { label, evaluation: await evaluateLocally(loaded.definition, answers, when) }
            : { label, error: 'Not loadable' },
        );
      } catch (error) {
        columns.push({ label, error: error instanceof Error ? error.message : 'Failed' });
      }
    }
    if (draftVersion !== null) {
      const label = `Draft v${draftVersion} (server)`;
      try {
        columns.push({
          label,
          evaluation: await tryDraft({ id: group.id, version: draftVersion, answers, as_of: when }).unwrap(),
        });
      } catch (caught) {
        const list = issuesFromApi(caught);
        if (list) setTryIssues(list);
        columns.push({ label, error: errorMessage(caught, 'The server could not evaluate the draft.') });
        toast.error(errorMessage(caught, 'The server could not evaluate the draft.'));
      }
    }
    const local = validateText(text, parameterSets);
    const editorLabel = 'Editor (browser)';
    if (local.ok) {
      try {
        columns.push({
          label: editorLabel,
          evaluation: await evaluateLocally(local.definition, answers, when),
        });
      } catch (error) {
        columns.push({ label: editorLabel, error: error instanceof Error ? error.message : 'Failed' });
      }
    } else {
      columns.push({ label: editorLabel, error: 'Not valid: use Validate' });
    }
    setTryColumns(columns);
  };

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
      setDraftVersion(null);
      setSavedText(null);
      setConfirming(null);
      setEffectiveFrom('');
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

  const editorId = `${ids}-json`;
  const issuesId = `${ids}-issues`;
  return (
    <div className="space-y-6">
      <section className={cardClass} aria-labelledby={`${ids}-versions`}>
        <h2 id={`${ids}-versions`} className="mb-2 text-lg font-semibold">
          Versions
        </h2>
        <ul className="flex flex-wrap gap-3 text-sm" aria-label="All versions">
          {group.versions.map((v) => (
            <li key={v.version} className="flex items-center gap-1.5">
              <span className="font-medium">v{v.version}</span>
              <StatusBadge status={v.status} />
              <span className="text-ink-500">from {v.effectiveFrom}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={cardClass} aria-labelledby={`${ids}-editor`}>
        <div className="mb-3 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id={`${ids}-editor`} className="text-lg font-semibold">
            Definition JSON
          </h2>
          <p className="text-sm text-ink-600" data-testid="draft-state">
            {draftVersion !== null
              ? `Draft v${draftVersion}${dirty ? ' · unsaved changes' : ' · saved'}`
              : `Saving creates draft v${nextVersion}`}
          </p>
        </div>
        <label htmlFor={editorId} className={labelClass}>
          Definition (JSON)
        </label>
        <textarea
          id={editorId}
          className={`${monoArea} h-[55vh] min-h-64`}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={text}
          onChange={(event) => onEdit(event.target.value)}
          aria-describedby={issues ? issuesId : undefined}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonSecondary} onClick={validate}>
            Validate
          </button>
          <button
            type="button"
            className={buttonPrimary}
            onClick={() => void save()}
            disabled={saving.isLoading}
          >
            {saving.isLoading ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              const reloaded = onReloadPublished();
              if (reloaded !== null) onEdit(reloaded);
            }}
            disabled={!published}
          >
            Load published
          </button>
        </div>
        <div className="mt-3 space-y-2" aria-live="polite">
          {validMessage ? (
            <p
              role="status"
              className="rounded-lg border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-800"
            >
              {validMessage}
            </p>
          ) : null}
          {issues ? <IssueList id={issuesId} issues={issues.list} title={issues.title} /> : null}
        </div>
      </section>

      <section className={cardClass} aria-labelledby={`${ids}-try`}>
        <h2 id={`${ids}-try`} className="mb-1 text-lg font-semibold">
          Try
        </h2>
        <p className="mb-3 text-sm text-ink-600">
          The server evaluates the saved draft; this browser evaluates the published version and the editor’s
          text with the same engine.
          {draftVersion === null ? ' Save a draft to try it on the server.' : ''}
          {draftVersion !== null && dirty ? ' The editor has unsaved changes.' : ''}
        </p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem]">
          <div>
            <label htmlFor={`${ids}-answers`} className={labelClass}>
              Answers (JSON)
            </label>
            <textarea
              id={`${ids}-answers`}
              className={`${monoArea} h-48`}
              spellCheck={false}
              value={answersText}
              onChange={(event) => setAnswersText(event.target.value)}
            />
          </div>
          <TextField
            label="As of (optional)"
            id={`${ids}-asof`}
            type="date"
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
          />
        </div>
        <div className="mt-3">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => void runTry()}
            disabled={trying.isLoading}
          >
            {trying.isLoading ? 'Trying…' : 'Try'}
          </button>
        </div>
        <div className="mt-3 space-y-3">
          {tryIssues ? (
            <IssueList id={`${ids}-try-issues`} issues={tryIssues} title="The answers are not valid" />
          ) : null}
          {tryColumns ? <TryResults columns={tryColumns} /> : null}
        </div>
      </section>

      <section className={cardClass} aria-labelledby={`${ids}-impact`}>
        <h2 id={`${ids}-impact`} className="mb-1 text-lg font-semibold">
          Impact
        </h2>
        <p className="mb-3 text-sm text-ink-600">
          Re-evaluates completed assessments of this definition with the saved draft and lists those whose
          likelihood, approach or median value would change.
        </p>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => void checkImpact()}
          disabled={draftVersion === null || impact.isFetching}
        >
          {impact.isFetching ? 'Checking…' : 'Check impact'}
        </button>
        <div className="mt-3">
          {impact.isFetching ? <LoadingState label="Re-evaluating stored assessments…" /> : null}
          {!impact.isFetching && impact.isError ? (
            <ErrorState error={impact.error} fallback="The impact could not be checked." />
          ) : null}
          {!impact.isFetching && currentImpact ? <ImpactView report={currentImpact} /> : null}
        </div>
      </section>

      <section className={cardClass} aria-labelledby={`${ids}-publish`}>
        <h2 id={`${ids}-publish`} className="mb-1 text-lg font-semibold">
          Publish
        </h2>
        <p className="mb-3 text-sm text-ink-600">
          Publishing makes the saved draft the version new assessments use; it never changes afterwards.
          Rolling back retires the newest published version so the one before it answers again. Both are
          logged.
        </p>
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
          <p className="mt-2 text-sm text-amber-800">
            The editor has unsaved changes: Publish uses the saved draft.
          </p>
        ) : null}
        {confirming === 'publish' && draftVersion !== null ? (
          <div
            role="group"
            aria-label="Confirm publishing"
            className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
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
            className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm"
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
      </section>
    </div>
  );
}

/** Loads the published version (and the open draft, if any) and opens the editor on it. */
export default function DefinitionEditor({ group }: { group: DefinitionGroup }) {
  const published = useGetAdviserPublishedQuery(group.id, { skip: !group.published });
  const draftVersion = group.draft?.version ?? null;
  const draft = useGetDefinitionDraftQuery(
    { id: group.id, version: draftVersion ?? 0 },
    { skip: draftVersion === null },
  );
  // The editor's first text is fixed once loaded; later list changes (after save) keep the text.
  const [initial, setInitial] = useState<{ text: string; draftVersion: number | null } | null>(null);

  useEffect(() => {
    if (initial) return;
    if (draftVersion !== null) {
      if (draft.data) setInitial({ text: pretty(draft.data.definition), draftVersion });
    } else if (published.data) {
      setInitial({ text: pretty(published.data.definition), draftVersion: null });
    } else if (!group.published) {
      setInitial({ text: '', draftVersion: null });
    }
  }, [initial, draftVersion, draft.data, published.data, group.published]);

  const error = published.error ?? draft.error;
  if (error) {
    return (
      <ErrorState
        error={error}
        fallback="The definition could not be loaded."
        onRetry={() => {
          if (published.error) void published.refetch();
          if (draft.error) void draft.refetch();
        }}
      />
    );
  }
  if (!initial || (group.published && !published.data)) return <LoadingState label="Loading definition…" />;
  return (
    <Workbench
      group={group}
      initialText={initial.text}
      initialDraftVersion={initial.draftVersion}
      published={published.data}
      onReloadPublished={() => (published.data ? pretty(published.data.definition) : null)}
    />
  );
}
