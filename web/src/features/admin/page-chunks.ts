// The admin pages' lazy chunks, for the portal's routes (this file is the admin feature's
// public entry for them: other features never import the pages themselves).
export const ADMIN_PAGE_CHUNKS = {
  dashboard: () => import('./pages/AdminDashboardPage'),
  users: () => import('./pages/UsersPage'),
  activityLogs: () => import('./pages/ActivityLogsPage'),
  news: () => import('./pages/NewsAdminPage'),
  contactMessages: () => import('./pages/ContactMessagesPage'),
  definitions: () => import('./definitions/DefinitionsPage'),
} as const;
