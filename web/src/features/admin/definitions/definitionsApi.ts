import { api } from '../../../app/api';
import type {
  DefinitionSummary,
  DefinitionVersionSummary,
  DraftPayload,
  ImpactReport,
  PublishedPayload,
  RollbackResult,
  TryResult,
} from './types';

// The adviser calls of D7 on the one API slice. No engine import here (only types).
const enc = encodeURIComponent;

export const definitionsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
      { id: string; definition: Record<string, unknown> }
    >({
      query: ({ id, definition }) => ({
        url: `/api/definitions/${enc(id)}/draft/`,
        method: 'PUT',
        body: { definition },
      }),
      invalidatesTags: (result, _e, { id }) => [
        { type: 'Definition', id: 'LIST' },
        ...(result ? [{ type: 'Definition' as const, id: `${id}@${result.version}` }] : []),
      ],
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
    getDefinitionImpact: build.query<ImpactReport, { id: string; version: number }>({
      query: ({ id, version }) => `/api/definitions/${enc(id)}/drafts/${version}/impact/`,
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
      // Every published payload (the assessment pages' too) may now be another version.
      invalidatesTags: ['Definition', { type: 'Admin', id: 'LOGS' }, { type: 'Admin', id: 'DASHBOARD' }],
    }),
    rollbackDefinition: build.mutation<RollbackResult, string>({
      query: (id) => ({ url: `/api/definitions/${enc(id)}/rollback/`, method: 'POST', body: {} }),
      invalidatesTags: ['Definition', { type: 'Admin', id: 'LOGS' }, { type: 'Admin', id: 'DASHBOARD' }],
    }),
  }),
});

export const {
  useListDefinitionVersionsQuery,
  useGetAdviserPublishedQuery,
  useGetDefinitionDraftQuery,
  useSaveDefinitionDraftMutation,
  useTryDefinitionDraftMutation,
  useLazyGetDefinitionImpactQuery,
  usePublishDefinitionDraftMutation,
  useRollbackDefinitionMutation,
} = definitionsApi;
