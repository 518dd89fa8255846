import { api } from '../../app/api';
import { queryString, toPage } from '../../lib/list';
import type { Paginated, Role } from '../portal/types';
import type {
  ActivityLog,
  AdminDashboard,
  AdminUser,
  ContactMessage,
  NewsArticle,
  NewsInput,
  NewsStatus,
  StaffInvite,
  StaffInviteInput,
  SystemMetrics,
  UserAudit,
  UserChange,
} from './types';

export interface ActivityLogFilters {
  user?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
  page_size?: number;
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<AdminDashboard, void>({
      query: () => '/admin/dashboard/',
      providesTags: [{ type: 'Admin', id: 'DASHBOARD' }],
    }),
    getSystemMetrics: build.query<SystemMetrics, void>({
      query: () => '/admin/system-metrics/',
      providesTags: [{ type: 'Admin', id: 'METRICS' }],
    }),
    listAdminUsers: build.query<
      Paginated<AdminUser>,
      { search?: string; role?: Role | ''; page?: number; page_size?: number }
    >({
      query: ({ search, role, page = 1, page_size = 20 }) =>
        `/admin/users/${queryString({ search, role, page, page_size })}`,
      transformResponse: (raw: Paginated<AdminUser> | AdminUser[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: [{ type: 'User', id: 'ADMIN-LIST' }],
    }),
    updateAdminUser: build.mutation<AdminUser, UserChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${encodeURIComponent(id)}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'User', id: 'ADMIN-LIST' },
        { type: 'User', id: `AUDIT-${id}` },
        { type: 'Admin', id: 'DASHBOARD' },
        { type: 'Admin', id: 'LOGS' },
      ],
    }),
    /** Issue 29 §6: an administrator invites a staff member; the link goes by e-mail. */
    inviteStaff: build.mutation<StaffInvite, StaffInviteInput>({
      query: (body) => ({ url: '/admin/users/invite/', method: 'POST', body }),
      invalidatesTags: [
        { type: 'User', id: 'ADMIN-LIST' },
        { type: 'Admin', id: 'DASHBOARD' },
        { type: 'Admin', id: 'LOGS' },
      ],
    }),
    getUserAudit: build.query<UserAudit, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/audit/`,
      providesTags: (_result, _error, id) => [{ type: 'User', id: `AUDIT-${id}` }],
    }),
    listActivityLogs: build.query<Paginated<ActivityLog>, ActivityLogFilters>({
      query: ({ page = 1, page_size = 25, ...filters }) =>
        `/admin/activity-logs/${queryString({ ...filters, page, page_size })}`,
      transformResponse: (raw: Paginated<ActivityLog> | ActivityLog[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: [{ type: 'Admin', id: 'LOGS' }],
    }),

    listNewsAdmin: build.query<
      Paginated<NewsArticle>,
      { status?: NewsStatus | ''; page?: number; page_size?: number }
    >({
      query: ({ status, page = 1, page_size = 20 }) =>
        `/api/news/${queryString({ status, page, page_size })}`,
      transformResponse: (raw: Paginated<NewsArticle> | NewsArticle[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
      providesTags: [{ type: 'News', id: 'ADMIN-LIST' }],
    }),
    createNews: build.mutation<NewsArticle, NewsInput>({
      query: (body) => ({ url: '/api/news/', method: 'POST', body }),
      invalidatesTags: ['News'],
    }),
    updateNews: build.mutation<NewsArticle, { slug: string; changes: Partial<NewsInput> }>({
      query: ({ slug, changes }) => ({
        url: `/api/news/${encodeURIComponent(slug)}/`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: ['News'],
    }),
    setNewsPublished: build.mutation<NewsArticle, { slug: string; published: boolean }>({
      query: ({ slug, published }) => ({
        url: `/api/news/${encodeURIComponent(slug)}/${published ? 'publish' : 'unpublish'}/`,
        method: 'POST',
      }),
      invalidatesTags: ['News'],
    }),

    listContactMessages: build.query<Paginated<ContactMessage>, { page?: number; page_size?: number }>({
      query: ({ page = 1, page_size = 20 }) => `/api/contact-messages/${queryString({ page, page_size })}`,
      transformResponse: (raw: Paginated<ContactMessage> | ContactMessage[], _meta, arg) =>
        toPage(raw, arg.page, arg.page_size),
    }),
  }),
});

export const {
  useGetAdminDashboardQuery,
  useGetSystemMetricsQuery,
  useListAdminUsersQuery,
  useLazyListAdminUsersQuery,
  useUpdateAdminUserMutation,
  useInviteStaffMutation,
  useGetUserAuditQuery,
  useListActivityLogsQuery,
  useListNewsAdminQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useSetNewsPublishedMutation,
  useListContactMessagesQuery,
} = adminApi;
