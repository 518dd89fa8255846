// Assessment endpoints on the one API slice. No engine import here: the guest-progress sync that
// uses these runs in the entry chunk.
import { api } from '../../app/api';
import type {
  DocumentTask,
  PublishedDefinition,
  SaveAssessmentBody,
  ServerAssessment,
  SubmitAssessmentBody,
  SubmitAssessmentResult,
} from './types';

export const assessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublishedDefinition: build.query<PublishedDefinition, string>({
      query: (serviceType) => `/api/definitions/${encodeURIComponent(serviceType)}/published/`,
      providesTags: (_r, _e, serviceType) => [{ type: 'Definition', id: serviceType }],
    }),
    getAssessment: build.query<ServerAssessment, string>({
      query: (id) => `/api/assessment/${encodeURIComponent(id)}/`,
      providesTags: (_r, _e, id) => [{ type: 'Assessment', id }],
    }),
    saveAssessment: build.mutation<ServerAssessment, SaveAssessmentBody>({
      query: (body) => ({ url: '/api/assessment/save/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Assessment', id: 'LIST' }],
    }),
    submitAssessment: build.mutation<SubmitAssessmentResult, SubmitAssessmentBody>({
      query: (body) => ({
        url: '/api/assessment/submit/',
        method: 'POST',
        body,
        // One submit per assessment: a retried request returns the same claim.
        headers: { 'Idempotency-Key': `submit-${body.assessment_id}` },
      }),
      invalidatesTags: (_r, _e, body) => [
        { type: 'Assessment', id: body.assessment_id },
        { type: 'Assessment', id: 'LIST' },
        { type: 'Claim', id: 'LIST' },
        'Admin',
      ],
    }),
    getAssessmentDocuments: build.query<DocumentTask[], string>({
      query: (id) => `/api/assessment/${encodeURIComponent(id)}/documents/`,
      transformResponse: (raw: DocumentTask[] | { results: DocumentTask[] }) =>
        Array.isArray(raw) ? raw : raw.results,
      providesTags: (_r, _e, id) => [{ type: 'Document', id: `TASKS-${id}` }],
    }),
    completeDocumentTask: build.mutation<
      DocumentTask,
      { taskId: string; documentId: string; assessmentId: string }
    >({
      query: ({ taskId, documentId }) => ({
        url: `/api/document-tasks/${encodeURIComponent(taskId)}/complete/`,
        method: 'POST',
        body: { document_id: documentId },
      }),
      invalidatesTags: (_r, _e, { assessmentId }) => [
        { type: 'Document', id: `TASKS-${assessmentId}` },
        { type: 'Document', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetPublishedDefinitionQuery,
  useGetAssessmentQuery,
  useSaveAssessmentMutation,
  useSubmitAssessmentMutation,
  useGetAssessmentDocumentsQuery,
  useCompleteDocumentTaskMutation,
} = assessmentApi;

/** The HTTP status of an RTK Query error, when it has one. */
export function errorStatus(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status } = error;
    return typeof status === 'number' ? status : null;
  }
  return null;
}

/** The server copy a 409 answer carries ({ detail, current }). */
export function conflictCopy(error: unknown): ServerAssessment | null {
  if (errorStatus(error) !== 409) return null;
  const data = (error as { data?: unknown }).data;
  if (data && typeof data === 'object' && 'current' in data) {
    const { current } = data;
    if (current && typeof current === 'object') return current as ServerAssessment;
  }
  return null;
}
