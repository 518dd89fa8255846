import { api } from '../../app/api';
import { queryString, toPage } from '../../lib/list';
import type {
  Assessment,
  Claim,
  ClaimStage,
  ClaimStatus,
  DocumentTask,
  MessageItem,
  Paginated,
  PendingDocumentTask,
  PortalDocument,
  Thread,
} from './types';

export interface ClaimListArgs {
  stage?: ClaimStage | undefined;
  search?: string | undefined;
  status?: ClaimStatus | '';
  page?: number;
  page_size?: number;
}

export interface PageArgs {
  page?: number;
  page_size?: number;
}

export const portalApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<
      { detail?: string; access?: string; refresh?: string },
      { current_password: string; new_password: string }
    >({
      query: (body) => ({ url: '/auth/password-change/', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/users/current/', method: 'DELETE', body }),
    }),

    listClaims: build.query<Paginated<Claim>, ClaimListArgs>({
      query: ({ stage, status, search, page = 1, page_size = 20 }) =>
        `/api/claims/${queryString({ stage, status, search, page, page_size })}`,
      transformResponse: (raw: Paginated<Claim> | Claim[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: (result) => [
        { type: 'Claim', id: 'LIST' },
        ...(result?.results ?? []).map((claim) => ({ type: 'Claim' as const, id: claim.id })),
      ],
    }),
    getClaim: build.query<Claim, string>({
      query: (id) => `/api/claims/${encodeURIComponent(id)}/`,
      providesTags: (_result, _error, id) => [{ type: 'Claim', id }],
    }),
    changeClaimStatus: build.mutation<
      Claim,
      { id: string; status: ClaimStatus; note: string; amount_repaid?: number; fee?: number }
    >({
      query: ({ id, ...body }) => ({
        url: `/api/claims/${encodeURIComponent(id)}/status/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Claim', id },
        { type: 'Claim', id: 'LIST' },
        'Admin',
      ],
    }),

    /** Staff ask the client for a document with a reason and a due date (issue 30 §3). */
    requestDocument: build.mutation<
      unknown,
      { claimId: string; assessmentId: string | null; name: string; reason: string; due_date: string }
    >({
      query: ({ claimId, name, reason, due_date }) => ({
        url: `/api/claims/${encodeURIComponent(claimId)}/document-requests/`,
        method: 'POST',
        body: { name, reason, due_date },
      }),
      invalidatesTags: (_result, _error, { claimId, assessmentId }) => [
        { type: 'Claim', id: claimId },
        { type: 'Document', id: `TASKS-${assessmentId ?? ''}` },
        { type: 'Document', id: 'LIST' },
      ],
    }),

    listAssessments: build.query<Assessment[], { user?: string } | void>({
      query: (args) => `/api/assessments/${queryString({ user: args?.user })}`,
      transformResponse: (raw: Paginated<Assessment> | Assessment[]) => toPage(raw).results,
      providesTags: [{ type: 'Assessment', id: 'LIST' }],
    }),
    /** Every pending task of the client's own assessments, in one request (the dashboard's list). */
    listPendingTasks: build.query<PendingDocumentTask[], void>({
      query: () => '/api/document-tasks/pending/',
      providesTags: [{ type: 'Document', id: 'LIST' }],
    }),
    getAssessmentTasks: build.query<DocumentTask[], string>({
      query: (assessmentId) => `/api/assessment/${encodeURIComponent(assessmentId)}/documents/`,
      transformResponse: (raw: Paginated<DocumentTask> | DocumentTask[]) => toPage(raw).results,
      providesTags: (_result, _error, assessmentId) => [{ type: 'Document', id: `TASKS-${assessmentId}` }],
    }),

    listThreads: build.query<Paginated<Thread>, PageArgs & { claim_id?: string }>({
      query: ({ page = 1, page_size = 20, claim_id }) =>
        `/api/messages/threads/${queryString({ page, page_size, claim_id })}`,
      transformResponse: (raw: Paginated<Thread> | Thread[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: (result) => [
        { type: 'Thread', id: 'LIST' },
        ...(result?.results ?? []).map((thread) => ({ type: 'Thread' as const, id: thread.id })),
      ],
    }),
    getThread: build.query<Thread, string>({
      query: (id) => `/api/messages/threads/${encodeURIComponent(id)}/`,
      // Opening a thread marks it read on the server, so the list and the badge change too.
      providesTags: (_result, _error, id) => [{ type: 'Message', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            portalApi.util.invalidateTags([
              { type: 'Thread', id: 'LIST' },
              { type: 'Message', id: 'UNREAD' },
            ]),
          );
        } catch {
          // the page shows the query error
        }
      },
    }),
    createThread: build.mutation<
      Thread,
      { subject: string; body: string; claim_id?: string; client_id?: string }
    >({
      query: (body) => ({ url: '/api/messages/threads/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Thread', id: 'LIST' }],
    }),
    replyToThread: build.mutation<MessageItem, { threadId: string; body: string }>({
      query: ({ threadId, body }) => ({
        url: `/api/messages/threads/${encodeURIComponent(threadId)}/messages/`,
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_result, _error, { threadId }) => [
        { type: 'Message', id: threadId },
        { type: 'Thread', id: 'LIST' },
      ],
    }),
    getUnreadCount: build.query<{ unread: number }, void>({
      query: () => '/api/messages/unread-count/',
      providesTags: [{ type: 'Message', id: 'UNREAD' }],
    }),

    listDocuments: build.query<Paginated<PortalDocument>, PageArgs & { claim_id?: string }>({
      query: ({ page = 1, page_size = 20, claim_id }) =>
        `/api/documents/${queryString({ page, page_size, claim_id })}`,
      transformResponse: (raw: Paginated<PortalDocument> | PortalDocument[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: [{ type: 'Document', id: 'LIST' }],
    }),
    deleteDocument: build.mutation<void, string>({
      query: (id) => ({ url: `/api/documents/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: ['Document'],
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useListClaimsQuery,
  useGetClaimQuery,
  useChangeClaimStatusMutation,
  useRequestDocumentMutation,
  useListAssessmentsQuery,
  useGetAssessmentTasksQuery,
  useListPendingTasksQuery,
  useListThreadsQuery,
  useGetThreadQuery,
  useCreateThreadMutation,
  useReplyToThreadMutation,
  useGetUnreadCountQuery,
  useListDocumentsQuery,
  useDeleteDocumentMutation,
} = portalApi;
