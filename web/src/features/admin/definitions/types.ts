import type { AssessmentEvaluation, ParameterSet } from '@reclaim/engine';
import type { Schemas } from '../../../app/api-types';

// Shapes of the adviser definition calls (api/src/modules/definitions, D7). Type-only imports of
// the engine: they vanish at build time, so this file never pulls the engine chunk in.

export type DefinitionStatus = 'draft' | 'published' | 'retired';

/** GET /api/definitions/ (staff also see drafts). */
export type DefinitionSummary = Schemas['DefinitionSummaryDto'];

export interface Person {
  id: string;
  name: string;
}

export type ReviewState = 'editing' | 'submitted' | 'approved' | 'published';

/** The release workflow of a version (issue 9): four eyes, then now or on a date. */
export interface ReviewInfo {
  state: ReviewState;
  release_note: string | null;
  source_url: string | null;
  submitted_by: Person | null;
  submitted_at: string | null;
  approved_by: Person | null;
  approved_at: string | null;
  approved_checksum: string | null;
}

/** A saved, published or retired version as the adviser calls answer it (with its checksum). */
export interface DefinitionVersionSummary extends DefinitionSummary {
  checksum: string;
  /** Published with an effectiveFrom after the server's today. */
  scheduled?: boolean;
  updated_by?: Person | null;
  updated_at?: string | null;
  review?: ReviewInfo;
}

/** GET /api/definitions/{id}/history/: one step of the release workflow. */
export interface HistoryItem {
  at: string;
  action: string;
  label: string;
  version: number | null;
  user: Person | null;
  detail: Record<string, unknown>;
}

/** 409 on a save from a stale draft: who changed it and when. */
export interface DraftConflict {
  message: string;
  version: number;
  changed_by: Person | null;
  changed_at: string;
  checksum: string;
}

/** GET /api/definitions/{serviceType}/published/: what loadDefinition takes. */
export type PublishedPayload = Omit<Schemas['PublishedDefinitionDto'], 'parameterSets' | 'asOf'> & {
  parameterSets: ParameterSet[];
  /** The server's today, which chose the version. */
  asOf?: string;
};

/** GET /api/definitions/{id}/drafts/{version}/ */
export interface DraftPayload extends DefinitionVersionSummary {
  definition: Record<string, unknown>;
}

/** GET /api/definitions/{id}/impact-runs/{runId}/ (docs/studio-api.md "ImpactRun") */
export interface ImpactRun {
  run_id: string;
  definition_id: string;
  draft_version: number;
  checksum: string;
  state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
  percent: number;
  total: number | null;
  checked: number;
  changed_count: number;
  started_by: { id: string; name: string } | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
}

export interface ImpactOutcome {
  likelihood: string | null;
  approach: string | null;
  value: number | null;
}

export interface ImpactRow {
  assessment_id: string;
  client_name: string | null;
  claim_reference: string | null;
  before: ImpactOutcome;
  after: ImpactOutcome;
  changes: ('likelihood' | 'approach' | 'value')[];
}

/** Filters of GET …/impact-runs/{runId}/results/ and results.csv. */
export interface ImpactResultsFilter {
  changed?: 'any' | 'likelihood' | 'approach' | 'value' | 'all';
  likelihood_before?: string;
  likelihood_after?: string;
  q?: string;
  page?: number;
  page_size?: number;
}

export interface ImpactResults {
  total: number;
  page: number;
  page_size: number;
  rows: ImpactRow[];
}

/** POST /api/definitions/{id}/rollback/ */
export interface RollbackResult {
  retired: DefinitionVersionSummary;
  current: DefinitionVersionSummary;
}

export type TryResult = AssessmentEvaluation;

/** One definition id with all its versions, newest first. */
export interface DefinitionGroup {
  id: string;
  title: string;
  serviceType: string;
  versions: DefinitionSummary[];
  /** The published version in force today (the engine's versionInForce rule, by the browser's date). */
  published: DefinitionSummary | undefined;
  /** Published versions whose date is still to come, soonest first. */
  scheduled: DefinitionSummary[];
  draft: DefinitionSummary | undefined;
}

export function groupDefinitions(
  list: DefinitionSummary[],
  today: string = new Date().toISOString().slice(0, 10),
): DefinitionGroup[] {
  const byId = new Map<string, DefinitionSummary[]>();
  for (const item of list) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
  return [...byId.entries()]
    .map(([id, versions]) => {
      const sorted = [...versions].sort((a, b) => b.version - a.version);
      // As versionInForce: the highest published version in force today, else the oldest published.
      const all = sorted.filter((v) => v.status === 'published');
      const published = all.find((v) => v.effectiveFrom <= today) ?? all[all.length - 1];
      const scheduled = all
        .filter((v) => v.effectiveFrom > today && v.version > (published?.version ?? 0))
        .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
      const draft = sorted.find((v) => v.status === 'draft');
      const head = published ?? sorted[0];
      return {
        id,
        title: head?.title ?? id,
        serviceType: head?.serviceType ?? id,
        versions: sorted,
        published,
        scheduled,
        draft,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'en-GB'));
}

/** An open studio draft of a dated parameter set (issue 9 points 1 and 6). */
export interface ParameterDraftSummary {
  checksum: string;
  base_checksum: string;
  updated_by: Person | null;
  updated_at: string;
  review: Omit<ReviewInfo, 'state'> & { state: 'editing' | 'submitted' | 'approved' };
  parameter_set: Record<string, unknown>;
}

/** GET /api/parameter-sets/{id}/: the stored set, its open draft and its history. */
export interface ParameterSetPayload {
  id: string;
  checksum: string;
  updated_at: string;
  updated_by: Person | null;
  parameter_set: Record<string, unknown>;
  draft: ParameterDraftSummary | null;
  history: { at: string; action: string; label: string; user: Person | null }[];
}
