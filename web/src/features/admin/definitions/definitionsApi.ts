import { api } from '../../../app/api';
import type {
  DefinitionSummary,
  DefinitionVersionSummary,
  DraftPayload,
  HistoryItem,
  ImpactResults,
  ImpactResultsFilter,
  ImpactRun,
  ImpactSummary,
  ParameterDraftSummary,
  ParameterSetPayload,
  PublishedPayload,
  RollbackResult,
  TryResult,
} from './types';

// The adviser calls of D7 on the one API slice. No engine import here (only types).
const enc = encodeURIComponent;

/** `?changed=…&q=…` of an impact run's results (empty values left out). */
export function impactQuery(filter: ImpactResultsFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a review step changes: the draft, the list (its badges) and the history. */
function reviewTags(id: string, version: number) {
  return [
    { type: 'Definition' as const, id: `${id}@${version}` },
    { type: 'Definition' as const, id: `${id}:history` },
    { type: 'Definition' as const, id: 'LIST' },
  ];
}

export const definitionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Dated tax parameters (issue 9): one open draft per set, the same four-eyes review.
    getParameterSet: build.query<ParameterSetPayload, string>({
      query: (id) => `/api/parameter-sets/${enc(id)}/`,
      providesTags: (_r, _e, id) => [{ type: 'Definition', id: `params:${id}` }],
    }),
    saveParameterDraft: build.mutation<
      ParameterDraftSummary,
      { id: string; parameter_set: Record<string, unknown>; base_checksum: string }
    >({
      query: ({ id, parameter_set, base_checksum }) => ({
        url: `/api/parameter-sets/${enc(id)}/draft/`,
        method: 'PUT',
        body: { parameter_set, base_checksum },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Definition', id: `params:${id}` }],
    }),
    submitParameterDraft: build.mutation<
      ParameterDraftSummary,
      { id: string; release_note: string; source_url: string }
    >({
      query: ({ id, ...body }) => ({
        url: `/api/parameter-sets/${enc(id)}/draft/submit/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Definition', id: `params:${id}` }],
    }),
    approveParameterDraft: build.mutation<ParameterDraftSummary, { id: string; checksum: string }>({
      query: ({ id, checksum }) => ({
        url: `/api/parameter-sets/${enc(id)}/draft/approve/`,
        method: 'POST',
        body: { checksum },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Definition', id: `params:${id}` }],
    }),
    publishParameterDraft: build.mutation<ParameterSetPayload, { id: string }>({
      query: ({ id }) => ({
        url: `/api/parameter-sets/${enc(id)}/draft/publish/`,
        method: 'POST',
        body: {},
      }),
      // Every definition reading the set now evaluates with it.
      invalidatesTags: ['Definition'],
    }),
    /** Issue 29 §7: a new parameter draft with the values of a set in force before (by checksum). */
    rollbackParameterDraft: build.mutation<ParameterDraftSummary, { id: string; checksum: string }>({
      query: ({ id, checksum }) => ({
        url: `/api/parameter-sets/${enc(id)}/rollback-draft/`,
        method: 'POST',
        body: { checksum },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Definition', id: `params:${id}` }],
    }),
    listDefinitionVersions: build.query<DefinitionSummary[], void>({
      query: () => '/api/definitions/',
      providesTags: [{ type: 'Definition', id: 'LIST' }],
    }),
    getAdviserPublished: build.query<PublishedPayload, string>({
      query: (id) => `/api/definitions/${enc(id)}/published/`,
      providesTags: (_r, _e, id) => [{ type: 'Definition', id }],
    }),
    getDefinitionDraft: build.query<DraftPayload, { id: string; version: number }>({
      query: ({ id, version }) => `/api/definitions/${enc(id)}/drafts/${version}/`,
      providesTags: (_r, _e, { id, version }) => [{ type: 'Definition', id: `${id}@${version}` }],
    }),
    saveDefinitionDraft: build.mutation<
      DefinitionVersionSummary,
      // base_checksum: the checksum of the draft the studio opened, null when it opened none; a
      // save over someone else's newer draft is a 409 naming them (never a silent overwrite).
      { id: string; definition: Record<string, unknown>; base_checksum: string | null }
    >({
      query: ({ id, definition, base_checksum }) => ({
        url: `/api/definitions/${enc(id)}/draft/`,
        method: 'PUT',
        body: { definition, base_checksum },
      }),
      invalidatesTags: (result, _e, { id }) => [
        { type: 'Definition', id: 'LIST' },
        { type: 'Definition', id: `${id}:history` },
        ...(result ? [{ type: 'Definition' as const, id: `${id}@${result.version}` }] : []),
      ],
    }),
    getDefinitionHistory: build.query<{ items: HistoryItem[] }, string>({
      query: (id) => `/api/definitions/${enc(id)}/history/`,
      providesTags: (_r, _e, id) => [{ type: 'Definition', id: `${id}:history` }],
    }),
    submitDefinitionDraft: build.mutation<
      DefinitionVersionSummary,
      { id: string; version: number; release_note: string; source_url: string }
    >({
      query: ({ id, version, release_note, source_url }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/submit/`,
        method: 'POST',
        body: { release_note, source_url },
      }),
      invalidatesTags: (_r, _e, { id, version }) => reviewTags(id, version),
    }),
    withdrawDefinitionDraft: build.mutation<DefinitionVersionSummary, { id: string; version: number }>({
      query: ({ id, version }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/withdraw/`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_r, _e, { id, version }) => reviewTags(id, version),
    }),
    approveDefinitionDraft: build.mutation<
      DefinitionVersionSummary,
      { id: string; version: number; checksum: string }
    >({
      query: ({ id, version, checksum }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/approve/`,
        method: 'POST',
        body: { checksum },
      }),
      invalidatesTags: (_r, _e, { id, version }) => reviewTags(id, version),
    }),
    requestDefinitionChanges: build.mutation<
      DefinitionVersionSummary,
      { id: string; version: number; comment: string }
    >({
      query: ({ id, version, comment }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/request-changes/`,
        method: 'POST',
        body: { comment },
      }),
      invalidatesTags: (_r, _e, { id, version }) => reviewTags(id, version),
    }),
    rollbackDraftDefinition: build.mutation<DefinitionVersionSummary, { id: string; to_version?: number }>({
      query: ({ id, to_version }) => ({
        url: `/api/definitions/${enc(id)}/rollback-draft/`,
        method: 'POST',
        body: to_version ? { to_version } : {},
      }),
      invalidatesTags: ['Definition'],
    }),
    tryDefinitionDraft: build.mutation<
      TryResult,
      { id: string; version: number; answers: Record<string, unknown>; as_of?: string }
    >({
      query: ({ id, version, answers, as_of }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/try/`,
        method: 'POST',
        body: as_of ? { answers, as_of } : { answers },
      }),
    }),
    startImpactRun: build.mutation<{ run_id: string; state: 'queued' }, { id: string; version: number }>({
      query: ({ id, version }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/impact-runs/`,
        method: 'POST',
        body: {},
      }),
    }),
    startParameterImpactRun: build.mutation<
      { run_id: string; state: 'queued' },
      { id: string; set_id: string }
    >({
      query: ({ id, set_id }) => ({
        url: `/api/definitions/${enc(id)}/parameter-impact-runs/`,
        method: 'POST',
        body: { set_id },
      }),
    }),
    getImpactRunSummary: build.query<ImpactSummary, { id: string; runId: string }>({
      query: ({ id, runId }) => `/api/definitions/${enc(id)}/impact-runs/${enc(runId)}/summary/`,
      keepUnusedDataFor: 0,
    }),
    getImpactRun: build.query<ImpactRun, { id: string; runId: string }>({
      query: ({ id, runId }) => `/api/definitions/${enc(id)}/impact-runs/${enc(runId)}/`,
      keepUnusedDataFor: 0,
    }),
    cancelImpactRun: build.mutation<ImpactRun, { id: string; runId: string }>({
      query: ({ id, runId }) => ({
        url: `/api/definitions/${enc(id)}/impact-runs/${enc(runId)}/cancel/`,
        method: 'POST',
        body: {},
      }),
    }),
    getImpactRunResults: build.query<
      ImpactResults,
      { id: string; runId: string; filter: ImpactResultsFilter }
    >({
      query: ({ id, runId, filter }) =>
        `/api/definitions/${enc(id)}/impact-runs/${enc(runId)}/results/${impactQuery(filter)}`,
      keepUnusedDataFor: 0,
    }),
    publishDefinitionDraft: build.mutation<
      DefinitionVersionSummary,
      { id: string; version: number; effective_from?: string }
    >({
      query: ({ id, version, effective_from }) => ({
        url: `/api/definitions/${enc(id)}/drafts/${version}/publish/`,
        method: 'POST',
        body: effective_from ? { effective_from } : {},
      }),
      // Every published payload of the definition (the assessment pages' too, by service type) may
      // now be another version. Not the draft's own query (`id@version`): that version is no
      // longer a draft, and refetching it while the review panel is still mounted was the studio's
      // 404 right after publishing (issue 29 §8).
      invalidatesTags: (result, _e, { id }) => [
        { type: 'Definition', id: 'LIST' },
        { type: 'Definition', id },
        { type: 'Definition', id: `${id}:history` },
        ...(result && result.serviceType !== id
          ? [{ type: 'Definition' as const, id: result.serviceType }]
          : []),
        { type: 'Admin', id: 'LOGS' },
        { type: 'Admin', id: 'DASHBOARD' },
      ],
    }),
    /** ADMIN-only emergency rollback, with a reason and no review. */
    rollbackDefinition: build.mutation<RollbackResult, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/definitions/${enc(id)}/rollback/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Definition', { type: 'Admin', id: 'LOGS' }, { type: 'Admin', id: 'DASHBOARD' }],
    }),
  }),
});

export const {
  useListDefinitionVersionsQuery,
  useGetAdviserPublishedQuery,
  useGetDefinitionDraftQuery,
  useLazyGetDefinitionDraftQuery,
  useSaveDefinitionDraftMutation,
  useGetDefinitionHistoryQuery,
  useSubmitDefinitionDraftMutation,
  useWithdrawDefinitionDraftMutation,
  useApproveDefinitionDraftMutation,
  useRequestDefinitionChangesMutation,
  useRollbackDraftDefinitionMutation,
  useTryDefinitionDraftMutation,
  useStartImpactRunMutation,
  useGetImpactRunQuery,
  useCancelImpactRunMutation,
  useGetImpactRunResultsQuery,
  useStartParameterImpactRunMutation,
  useGetImpactRunSummaryQuery,
  usePublishDefinitionDraftMutation,
  useRollbackDefinitionMutation,
  useGetParameterSetQuery,
  useRollbackParameterDraftMutation,
  useSaveParameterDraftMutation,
  useSubmitParameterDraftMutation,
  useApproveParameterDraftMutation,
  usePublishParameterDraftMutation,
} = definitionsApi;
