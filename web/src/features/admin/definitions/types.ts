import type { AssessmentEvaluation, ParameterSet } from '@reclaim/engine';

// Shapes of the adviser definition calls (api/src/modules/definitions, D7). Type-only imports of
// the engine: they vanish at build time, so this file never pulls the engine chunk in.

export type DefinitionStatus = 'draft' | 'published' | 'retired';

/** GET /api/definitions/ (staff also see drafts). */
export interface DefinitionSummary {
  id: string;
  serviceType: string;
  version: number;
  /** draft, published or retired (DefinitionStatus). */
  status: string;
  title: string;
  effectiveFrom: string;
}

/** A saved, published or retired version as the adviser calls answer it (with its checksum). */
export interface DefinitionVersionSummary extends DefinitionSummary {
  checksum: string;
}

/** GET /api/definitions/{serviceType}/published/: what loadDefinition takes. */
export interface PublishedPayload {
  definition: Record<string, unknown>;
  parameterSets: ParameterSet[];
}

/** GET /api/definitions/{id}/drafts/{version}/ */
export interface DraftPayload extends DefinitionVersionSummary {
  definition: Record<string, unknown>;
}

export interface Outcome {
  likelihood: string;
  serviceApproach: string;
  median: number;
}

/** GET /api/definitions/{id}/drafts/{version}/impact/ */
export interface ImpactReport {
  definition: DefinitionVersionSummary;
  checked: number;
  changed_count: number;
  changed: { assessment_id: string; before: Outcome | null; after: Outcome }[];
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
  published: DefinitionSummary | undefined;
  draft: DefinitionSummary | undefined;
}

export function groupDefinitions(list: DefinitionSummary[]): DefinitionGroup[] {
  const byId = new Map<string, DefinitionSummary[]>();
  for (const item of list) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
  return [...byId.entries()]
    .map(([id, versions]) => {
      const sorted = [...versions].sort((a, b) => b.version - a.version);
      const published = sorted.find((v) => v.status === 'published');
      const draft = sorted.find((v) => v.status === 'draft');
      const head = published ?? sorted[0];
      return {
        id,
        title: head?.title ?? id,
        serviceType: head?.serviceType ?? id,
        versions: sorted,
        published,
        draft,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'en-GB'));
}
