import type { AssessmentEvaluation, ParameterSet } from '@reclaim/engine';
import type { QueryOf, Schemas } from '../../../app/api-types';

// Shapes of the adviser definition calls (api/src/modules/definitions, D7). Type-only imports of
// the engine: they vanish at build time, so this file never pulls the engine chunk in.

export type DefinitionStatus = Schemas['DefinitionVersionDto']['status'];

/** GET /api/definitions/ (staff also see drafts). */
export type DefinitionSummary = Schemas['DefinitionSummaryDto'];

export type Person = Schemas['PersonDto'];

export type ReviewState = Schemas['ReviewInfoDto']['state'];

/** The release workflow of a version (issue 9): four eyes, then now or on a date. */
export type ReviewInfo = Schemas['ReviewInfoDto'];

/** A saved, published or retired version as the adviser calls answer it (with its checksum). */
export type DefinitionVersionSummary = Schemas['DefinitionVersionDto'];

/** GET /api/definitions/{id}/history/: one step of the release workflow. */
export type HistoryItem = Schemas['HistoryItemDto'];

/** 409 on a save from a stale draft: who changed it and when. */
export type DraftConflict = Schemas['DraftConflictDto'];

/** GET /api/definitions/{serviceType}/published/: what loadDefinition takes. */
export type PublishedPayload = Omit<Schemas['PublishedDefinitionDto'], 'parameterSets' | 'asOf'> & {
  parameterSets: ParameterSet[];
  /** The server's today, which chose the version. */
  asOf?: string;
};

/** GET /api/definitions/{id}/drafts/{version}/ */
export type DraftPayload = Schemas['DraftDto'];

/** GET /api/definitions/{id}/impact-runs/{runId}/ (docs/studio-api.md "ImpactRun") */
export type ImpactRun = Schemas['ImpactRunDto'];

export type ImpactOutcome = Schemas['ImpactOutcomeDto'];

export type ImpactRow = Schemas['ImpactRowDto'];

/** Filters of GET …/impact-runs/{runId}/results/ and results.csv. */
export type ImpactResultsFilter = QueryOf<'ImpactRunsController_results'>;

export type ImpactResults = Schemas['ImpactResultsDto'];

/** GET …/impact-runs/{runId}/summary/: the A/B table of a run (issue 29 item 3). */
export type ImpactSummary = Schemas['ImpactSummaryDto'];

/** POST /api/definitions/{id}/rollback/ */
export type RollbackResult = Schemas['RollbackResultDto'];

/** POST /api/definitions/{id}/drafts/{version}/try/: the engine's evaluation of the answers. */
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
export type ParameterDraftSummary = Schemas['ParameterDraftDto'];

/** GET /api/parameter-sets/{id}/: the stored set, its open draft and its history. */
export type ParameterSetPayload = Schemas['ParameterSetDto'];
