import { api } from '../../app/api';
import type { Schemas } from '../../app/api-types';

// Draft claim documents of a claim (issue 30 §1): GET/POST /api/claims/{id}/drafts/, the client's
// fields, staff's text, the declaration. Cached under the claim's tag, so signing (a timeline
// entry) refreshes the claim too.

export type ClaimDraft = Schemas['ClaimDraftResponseDto'];
export type ClaimDraftFields = Schemas['ClaimDraftFieldsDto'];
export type ClaimDraftClientField = Schemas['ClaimDraftClientField'];
type DraftList = Schemas['ClaimDraftListDto'];

const draftsTag = (claimId: string) => ({ type: 'Claim' as const, id: `drafts:${claimId}` });

export const draftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listClaimDrafts: build.query<ClaimDraft[], string>({
      query: (claimId) => `/api/claims/${encodeURIComponent(claimId)}/drafts/`,
      transformResponse: (raw: DraftList) => raw.results,
      providesTags: (_result, _error, claimId) => [draftsTag(claimId)],
    }),
    generateClaimDrafts: build.mutation<ClaimDraft[], string>({
      query: (claimId) => ({ url: `/api/claims/${encodeURIComponent(claimId)}/drafts/`, method: 'POST' }),
      transformResponse: (raw: DraftList) => raw.results,
      invalidatesTags: (_result, _error, claimId) => [draftsTag(claimId)],
    }),
    editClaimDraft: build.mutation<
      ClaimDraft,
      { claimId: string; draftId: string; sections: { id: string; text: string }[] }
    >({
      query: ({ claimId, draftId, sections }) => ({
        url: `/api/claims/${encodeURIComponent(claimId)}/drafts/${encodeURIComponent(draftId)}/`,
        method: 'PUT',
        body: { sections },
      }),
      invalidatesTags: (_result, _error, { claimId }) => [draftsTag(claimId)],
    }),
    supplyClaimDraftFields: build.mutation<ClaimDraft[], { claimId: string; fields: ClaimDraftFields }>({
      query: ({ claimId, fields }) => ({
        url: `/api/claims/${encodeURIComponent(claimId)}/drafts/fields/`,
        method: 'PUT',
        body: fields,
      }),
      transformResponse: (raw: DraftList) => raw.results,
      invalidatesTags: (_result, _error, { claimId }) => [draftsTag(claimId)],
    }),
    signClaimDraft: build.mutation<
      ClaimDraft,
      { claimId: string; draftId: string; full_name: string; date: string; checksum: string }
    >({
      query: ({ claimId, draftId, ...body }) => ({
        url: `/api/claims/${encodeURIComponent(claimId)}/drafts/${encodeURIComponent(draftId)}/sign/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { claimId }) => [draftsTag(claimId), { type: 'Claim', id: claimId }],
    }),
  }),
});

export const {
  useListClaimDraftsQuery,
  useGenerateClaimDraftsMutation,
  useEditClaimDraftMutation,
  useSupplyClaimDraftFieldsMutation,
  useSignClaimDraftMutation,
} = draftsApi;
