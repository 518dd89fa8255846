// The adviser studio: one draft, one screen per part of a definition (forms in the adviser's
// words), the expert JSON view on the same draft, checks as the draft changes, try, tests and
// release. The engine comes with this chunk; SurveyJS and CodeMirror load with their screens.
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createNextState } from '@reduxjs/toolkit';
import { toast } from '../../../../lib/toast';
import {
  checkDefinition,
  checkParameterSet,
  describeChanges,
  type AssessmentDefinition,
  type ParameterSet,
} from '@reclaim/engine';
import { ErrorState, LoadingState } from '../../../../components/States';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../../components/ui';
import { errorMessage } from '../../../../lib/errors';
import { formatDate, formatDateTime } from '../../../../lib/format';
import {
  useGetAdviserPublishedQuery,
  useGetDefinitionDraftQuery,
  useLazyGetDefinitionDraftQuery,
  useSaveDefinitionDraftMutation,
} from '../definitionsApi';
import { issuesFromApi, type Issue } from '../engine-local';
import { StatusBadge } from '../StatusBadge';
import type { DefinitionGroup, DraftConflict, PublishedPayload } from '../types';
import { issueWords } from './issue-words';
import type { Draft, UpdateDraft } from './model';
import ParametersScreen from './ParametersScreen';
import QuestionsScreen from './QuestionsScreen';
import ReleaseScreen from './ReleaseScreen';
import ScoringScreen from './ScoringScreen';
import TestsScreen from './TestsScreen';

const JsonScreen = lazy(() => import('./JsonScreen'));
const TryScreen = lazy(() => import('./TryScreen'));

const SCREENS = [
  { id: 'questions', label: 'Questions' },
  { id: 'scoring', label: 'Scoring' },
  { id: 'parameters', label: 'Dated parameters' },
  { id: 'tests', label: 'Tests' },
  { id: 'try', label: 'Try' },
  { id: 'json', label: 'Expert JSON' },
  { id: 'release', label: 'Review and release' },
] as const;
type ScreenId = (typeof SCREENS)[number]['id'];

function Checks({ issues, warnings }: { issues: Issue[]; warnings: string[] }) {
  if (issues.length === 0 && warnings.length === 0)
    return (
      <p role="status" className="text-sm text-accent-800" data-testid="checks">
        Checks: no problems found.
      </p>
    );
  return (
    <div
      role="alert"
      className={`rounded-lg border px-4 py-3 text-sm ${issues.length > 0 ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
      data-testid="checks"
    >
      <p className="font-medium">
        {issues.length > 0
          ? `${issues.length} problem${issues.length === 1 ? '' : 's'} to fix before review`
          : 'Nothing to fix; read the warnings'}
      </p>
      {issues.length > 0 ? (
        <ul className="mt-2 space-y-1" aria-label="Problems">
          {issues.map((issue, i) => (
            <li key={`${issue.path}-${i}`}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length > 0 ? (
        <ul className="mt-2 space-y-1 text-amber-900" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w}>Warning: {w}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The 409 of a save from a stale draft, if that is what was caught. */
function conflictOf(caught: unknown): DraftConflict | null {
  const c = caught as { status?: unknown; data?: Partial<DraftConflict> } | null;
  if (c?.status !== 409 || typeof c.data?.message !== 'string' || typeof c.data.version !== 'number')
    return null;
  return c.data as DraftConflict;
}

function ConflictAlert({
  conflict,
  onReload,
  reloading,
}: {
  conflict: DraftConflict;
  onReload: () => void;
  reloading: boolean;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      data-testid="save-conflict"
    >
      <p className="font-medium">Not saved: someone else changed this draft.</p>
      <p className="mt-1">
        {conflict.changed_by?.name ?? 'Another adviser'} saved draft v{conflict.version} at{' '}
        {formatDateTime(conflict.changed_at)}. Your changes were not saved, and theirs were not overwritten.
      </p>
      <button type="button" className={`${buttonSecondary} mt-2`} onClick={onReload} disabled={reloading}>
        {reloading ? 'Loading…' : 'Load their version (your unsaved changes are discarded)'}
      </button>
    </div>
  );
}

interface StudioProps {
  group: DefinitionGroup;
  initial: Draft;
  initialDraftVersion: number | null;
  /** The checksum of the draft opened (null: none was open); sent with each save. */
  initialChecksum: string | null;
  published: PublishedPayload | undefined;
  /** The screen to open on (the release screen after a rollback draft reopened the studio). */
  initialScreen?: ScreenId;
  /** A rollback draft was started on the server: the studio reopens on it. */
  onDraftStarted?: (version: number) => void;
}

function StudioBody({
  group,
  initial,
  initialDraftVersion,
  initialChecksum,
  published,
  initialScreen = 'questions',
  onDraftStarted,
}: StudioProps) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [saved, setSaved] = useState<Draft | null>(initialDraftVersion !== null ? initial : null);
  const [draftVersion, setDraftVersion] = useState<number | null>(initialDraftVersion);
  const [screen, setScreen] = useState<ScreenId>(initialScreen);
  const [serverIssues, setServerIssues] = useState<Issue[] | null>(null);
  const [parameterSets, setParameterSets] = useState<ParameterSet[]>(published?.parameterSets ?? []);
  const [baseChecksum, setBaseChecksum] = useState<string | null>(initialChecksum);
  const [parameterBases, setParameterBases] = useState<Record<string, string>>({});
  const onParameterBase = useCallback(
    (setId: string, checksum: string) => setParameterBases((b) => ({ ...b, [setId]: checksum })),
    [],
  );
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  const [saveDraft, saving] = useSaveDefinitionDraftMutation();
  const [loadDraft, loadingDraft] = useLazyGetDefinitionDraftQuery();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const update: UpdateDraft = useCallback((recipe) => setDraft((d) => createNextState(d, recipe)), []);
  const dirty = saved === null || draft !== saved;
  const nextVersion = draftVersion ?? (group.versions[0]?.version ?? 0) + 1;

  // The engine's checks (schema, load checks, nonsense) in the adviser's words, on every change.
  const checks = useMemo(() => {
    const found = [
      ...checkDefinition(draft, {
        parameterSets,
        published: (published?.definition ?? null) as AssessmentDefinition | null,
      }),
      // Parameter sets as published are not the draft's to fix: only those edited here are checked.
      ...parameterSets
        .filter((set) => !published?.parameterSets.includes(set))
        .flatMap((set) => checkParameterSet(set)),
    ];
    const words = (c: (typeof found)[number]) => `${c.screen} › ${c.field}: ${c.message}`;
    return {
      issues: found.filter((c) => c.severity === 'error').map((c) => ({ path: c.path, message: words(c) })),
      warnings: found.filter((c) => c.severity === 'warning').map(words),
    };
  }, [draft, parameterSets, published]);
  const changes = useMemo(
    () => (published ? describeChanges(published.definition, draft) : []),
    [draft, published],
  );
  useEffect(() => setServerIssues(null), [draft]);

  const save = async () => {
    setServerIssues(null);
    try {
      const result = await saveDraft({
        id: group.id,
        definition: draft as unknown as Record<string, unknown>,
        base_checksum: baseChecksum,
      }).unwrap();
      setDraftVersion(result.version);
      setSaved(draft);
      setBaseChecksum(result.checksum);
      setConflict(null);
      toast.success(`Draft v${result.version} saved.`);
    } catch (caught) {
      const clash = conflictOf(caught);
      if (clash) {
        setConflict(clash);
        toast.error(clash.message);
        return;
      }
      const list = issuesFromApi(caught);
      if (list) setServerIssues(list.map((i) => ({ path: i.path, message: issueWords(i, draft) })));
      toast.error(errorMessage(caught, 'The draft could not be saved.'));
    }
  };

  /** After a conflict: the other adviser's draft replaces the studio's (the adviser chose to). */
  const reload = async () => {
    if (!conflict) return;
    try {
      const latest = await loadDraft({ id: group.id, version: conflict.version }, false).unwrap();
      const next = latest.definition as unknown as Draft;
      setDraft(next);
      setSaved(next);
      setDraftVersion(latest.version);
      setBaseChecksum(latest.checksum);
      setConflict(null);
      toast.success(`Draft v${latest.version} loaded as ${conflict.changed_by?.name ?? 'they'} saved it.`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'The draft could not be loaded.'));
    }
  };

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by) return;
    event.preventDefault();
    const next = (index + by + SCREENS.length) % SCREENS.length;
    setScreen(SCREENS[next]!.id);
    tabs.current[next]?.focus();
  };

  const props = { draft, update };
  return (
    <div className="space-y-4">
      <div className={`${cardClass} space-y-3`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ul className="flex flex-wrap gap-3 text-sm" aria-label="All versions">
            {group.versions.map((v) => (
              <li key={v.version} className="flex items-center gap-1.5">
                <span className="font-medium">v{v.version}</span>
                <StatusBadge
                  status={
                    // Published with a later date: it goes live on that day (versionInForce).
                    v.status === 'published' && published?.asOf && v.effectiveFrom > published.asOf
                      ? 'scheduled'
                      : v.status
                  }
                />
                <span className="text-ink-600">from {formatDate(v.effectiveFrom)}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-ink-700" data-testid="draft-state">
              {draftVersion !== null
                ? `Draft v${draftVersion}${dirty ? ' · unsaved changes' : ' · saved'}`
                : `Saving creates draft v${nextVersion}`}
            </p>
            <button
              type="button"
              className={buttonSecondary}
              disabled={!published}
              onClick={() => published && setDraft(published.definition as unknown as Draft)}
            >
              Start again from published
            </button>
            <button
              type="button"
              className={buttonPrimary}
              onClick={() => void save()}
              disabled={saving.isLoading || !dirty}
            >
              {saving.isLoading ? 'Saving…' : 'Save draft'}
            </button>
          </div>
        </div>
        {conflict ? (
          <ConflictAlert
            conflict={conflict}
            onReload={() => void reload()}
            reloading={loadingDraft.isFetching}
          />
        ) : null}
        <Checks issues={serverIssues ?? checks.issues} warnings={serverIssues ? [] : checks.warnings} />
      </div>

      <div
        role="tablist"
        aria-label="Parts of the definition"
        className="flex flex-wrap gap-1 border-b border-ink-200"
      >
        {SCREENS.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${s.id}`}
            aria-selected={screen === s.id}
            aria-controls={`${ids}-panel`}
            tabIndex={screen === s.id ? 0 : -1}
            onClick={() => setScreen(s.id)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={`-mb-px rounded-t-md border px-3 py-2 text-sm font-medium ${
              screen === s.id
                ? 'border-ink-200 border-b-white bg-white text-brand-800'
                : 'border-transparent text-ink-700 hover:text-brand-700'
            }`}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${screen}`}>
        <Suspense fallback={<LoadingState label="Loading…" />}>
          {screen === 'questions' ? <QuestionsScreen {...props} /> : null}
          {screen === 'scoring' ? <ScoringScreen {...props} /> : null}
          {screen === 'parameters' ? (
            <ParametersScreen
              draft={draft}
              parameterSets={parameterSets}
              onParameterSets={setParameterSets}
              parameterBases={parameterBases}
              onParameterBase={onParameterBase}
            />
          ) : null}
          {screen === 'tests' ? <TestsScreen {...props} parameterSets={parameterSets} /> : null}
          {screen === 'try' ? (
            <TryScreen
              {...props}
              parameterSets={parameterSets}
              onParameterSets={setParameterSets}
              published={published}
            />
          ) : null}
          {screen === 'json' ? <JsonScreen draft={draft} onDraft={setDraft} /> : null}
          {screen === 'release' ? (
            <ReleaseScreen
              group={group}
              changes={changes}
              draftVersion={draftVersion}
              openedChecksum={baseChecksum}
              dirty={dirty}
              today={published?.asOf ?? new Date().toISOString().slice(0, 10)}
              onDraftStarted={onDraftStarted}
              onPublished={() => {
                setDraftVersion(null);
                setSaved(null);
                setBaseChecksum(null);
              }}
            />
          ) : null}
        </Suspense>
      </div>
    </div>
  );
}

/** Loads the published version (and the open draft, if any) and opens the studio on it. */
export default function Studio({ group }: { group: DefinitionGroup }) {
  const published = useGetAdviserPublishedQuery(group.id, { skip: !group.published });
  const draftVersion = group.draft?.version ?? null;
  const draft = useGetDefinitionDraftQuery(
    { id: group.id, version: draftVersion ?? 0 },
    { skip: draftVersion === null },
  );
  // The studio's first draft is fixed once loaded; later list changes (after save) keep the edits.
  const [initial, setInitial] = useState<{
    draft: Draft;
    draftVersion: number | null;
    checksum: string | null;
  } | null>(null);
  // A rollback draft started on the release screen: the studio reopens on it once the list has it.
  const [awaiting, setAwaiting] = useState<number | null>(null);

  useEffect(() => {
    if (initial) return;
    if (awaiting !== null && draftVersion !== awaiting) return;
    if (draftVersion !== null) {
      if (draft.data && draft.data.version === draftVersion)
        setInitial({
          draft: draft.data.definition as unknown as Draft,
          draftVersion,
          checksum: draft.data.checksum,
        });
    } else if (published.data) {
      setInitial({
        draft: published.data.definition as unknown as Draft,
        draftVersion: null,
        checksum: null,
      });
    }
  }, [initial, awaiting, draftVersion, draft.data, published.data]);

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
  if (!group.published && draftVersion === null)
    return (
      <ErrorState error={null} fallback="This definition has no published version or draft to start from." />
    );
  if (!initial || (group.published && !published.data)) return <LoadingState label="Loading definition…" />;
  return (
    <StudioBody
      group={group}
      initial={initial.draft}
      initialDraftVersion={initial.draftVersion}
      initialChecksum={initial.checksum}
      published={published.data}
      initialScreen={awaiting !== null ? 'release' : 'questions'}
      onDraftStarted={(version) => {
        setAwaiting(version);
        setInitial(null);
      }}
    />
  );
}
