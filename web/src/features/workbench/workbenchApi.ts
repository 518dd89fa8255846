import { api } from '../../app/api';
import { queryString } from '../../lib/list';
import type {
  BulkAction,
  BulkResults,
  MergeField,
  MessageTemplate,
  SaveMessageTemplate,
  SavedView,
  ServiceStaff,
  SlaTarget,
  StaffMember,
  Timeline,
  WorkbenchFilters,
  WorkbenchPage,
  WorkbenchRow,
} from './types';

const claimTags = [
  { type: 'Claim' as const, id: 'LIST' },
  { type: 'Claim' as const, id: 'WORKBENCH' },
];

export const workbenchApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWorkbench: build.query<WorkbenchPage, WorkbenchFilters & { page: number; page_size: number }>({
      query: (args) => `/api/workbench/claims/${queryString({ ...args })}`,
      providesTags: [{ type: 'Claim', id: 'WORKBENCH' }],
    }),
    getWorkbenchClaim: build.query<WorkbenchRow, string>({
      query: (id) => `/api/workbench/claims/${encodeURIComponent(id)}/`,
      providesTags: (_r, _e, id) => [{ type: 'Claim', id }],
    }),
    getTimeline: build.query<Timeline, string>({
      query: (id) => `/api/workbench/claims/${encodeURIComponent(id)}/timeline/`,
      providesTags: (_r, _e, id) => [{ type: 'Claim', id }],
    }),
    assignClaim: build.mutation<WorkbenchRow, { id: string; assignee_id: string | null }>({
      query: ({ id, assignee_id }) => ({
        url: `/api/workbench/claims/${encodeURIComponent(id)}/assign/`,
        method: 'POST',
        body: { assignee_id },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Claim', id }, ...claimTags],
    }),
    bulkAction: build.mutation<BulkResults, BulkAction>({
      query: (body) => ({ url: '/api/workbench/bulk/', method: 'POST', body }),
      // Every claim it named may have changed.
      invalidatesTags: ['Claim', 'Thread', 'Admin'],
    }),
    listViews: build.query<{ results: SavedView[] }, void>({
      query: () => '/api/workbench/views/',
      providesTags: [{ type: 'Admin', id: 'VIEWS' }],
    }),
    createView: build.mutation<SavedView, { name: string; filters: WorkbenchFilters }>({
      query: (body) => ({ url: '/api/workbench/views/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Admin', id: 'VIEWS' }],
    }),
    deleteView: build.mutation<void, string>({
      query: (id) => ({ url: `/api/workbench/views/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Admin', id: 'VIEWS' }],
    }),
    listStaff: build.query<{ results: StaffMember[] }, void>({
      query: () => '/api/workbench/staff/',
      providesTags: [{ type: 'Admin', id: 'STAFF' }],
    }),
    getSlaTargets: build.query<{ targets: SlaTarget[] }, void>({
      query: () => '/api/workbench/sla-targets/',
      providesTags: [{ type: 'Admin', id: 'SLA' }],
    }),
    setSlaTargets: build.mutation<
      { targets: SlaTarget[] },
      { targets: { status: SlaTarget['status']; working_days: number }[] }
    >({
      query: (body) => ({ url: '/api/workbench/sla-targets/', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Admin', id: 'SLA' }, ...claimTags],
    }),
    getServiceStaff: build.query<{ results: ServiceStaff[] }, void>({
      query: () => '/api/workbench/service-staff/',
      providesTags: [{ type: 'Admin', id: 'SERVICE_STAFF' }],
    }),
    setServiceStaff: build.mutation<ServiceStaff, { service: string; user_ids: string[] }>({
      query: ({ service, user_ids }) => ({
        url: `/api/workbench/service-staff/${encodeURIComponent(service)}/`,
        method: 'PUT',
        body: { user_ids },
      }),
      invalidatesTags: [{ type: 'Admin', id: 'SERVICE_STAFF' }],
    }),
    // The firm's message templates (issue 30 §3): the version in use of each, and a save adds the next.
    listMessageTemplates: build.query<MessageTemplate[], void>({
      query: () => '/api/message-templates/',
      providesTags: [{ type: 'Admin', id: 'TEMPLATES' }],
    }),
    listMergeFields: build.query<MergeField[], void>({
      query: () => '/api/message-templates/merge-fields/',
    }),
    saveMessageTemplate: build.mutation<MessageTemplate, SaveMessageTemplate & { key: string }>({
      query: ({ key, ...body }) => ({
        url: `/api/message-templates/${encodeURIComponent(key)}/`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: [{ type: 'Admin', id: 'TEMPLATES' }],
    }),
  }),
});

export const {
  useListWorkbenchQuery,
  useGetWorkbenchClaimQuery,
  useGetTimelineQuery,
  useAssignClaimMutation,
  useBulkActionMutation,
  useListViewsQuery,
  useCreateViewMutation,
  useDeleteViewMutation,
  useListStaffQuery,
  useGetSlaTargetsQuery,
  useSetSlaTargetsMutation,
  useGetServiceStaffQuery,
  useSetServiceStaffMutation,
  useListMessageTemplatesQuery,
  useListMergeFieldsQuery,
  useSaveMessageTemplateMutation,
} = workbenchApi;
