import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from '../../components/Spinner';
import { lazyWithTimeout } from '../../lib/lazy-with-timeout';
import { AdminOnly } from './AdminOnly';
import { StaffOrClient } from '../workbench/StaffOrClient';
import { ADMIN_PAGE_CHUNKS } from '../admin/page-chunks';
import { WORKBENCH_PAGE_CHUNKS } from '../workbench/page-chunks';
import { portalAssessmentRoute } from '../assessment/routes';

// The portal is its own set of chunks: nothing here loads until a /portal route is opened.
const PortalLayout = lazyWithTimeout(() => import('./PortalLayout'));
const DashboardRedirect = lazyWithTimeout(() => import('./pages/DashboardRedirect'));
const ClientDashboardPage = lazyWithTimeout(() => import('./pages/ClientDashboardPage'));
const ProfilePage = lazyWithTimeout(() => import('./pages/ProfilePage'));
const ClaimsListPage = lazyWithTimeout(() => import('./pages/ClaimsListPage'));
const ClaimDetailPage = lazyWithTimeout(() => import('./pages/ClaimDetailPage'));
const MessagesPage = lazyWithTimeout(() => import('./pages/MessagesPage'));
const DocumentsPage = lazyWithTimeout(() => import('./pages/DocumentsPage'));
const SettingsPage = lazyWithTimeout(() => import('./pages/SettingsPage'));
const AdminDashboardPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.dashboard);
const UsersPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.users);
const ActivityLogsPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.activityLogs);
const NewsAdminPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.news);
const ContactMessagesPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.contactMessages);
const DefinitionsPage = lazyWithTimeout(ADMIN_PAGE_CHUNKS.definitions);
const WorkbenchPage = lazyWithTimeout(WORKBENCH_PAGE_CHUNKS.workbench);
const WorkbenchSettingsPage = lazyWithTimeout(WORKBENCH_PAGE_CHUNKS.settings);
const MessageTemplatesPage = lazyWithTimeout(WORKBENCH_PAGE_CHUNKS.messageTemplates);

function admin(name: string, node: ReactNode): ReactNode {
  return <AdminOnly name={name}>{node}</AdminOnly>;
}

/** Mounted by the app router under /portal, inside ProtectedRoute (login required). */
export const portalRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageSpinner label="Loading portal" />}>
        <PortalLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <DashboardRedirect /> },
      { path: 'dashboard', element: <DashboardRedirect /> },
      { path: 'admin-dashboard', element: admin('Admin Dashboard', <AdminDashboardPage />) },
      { path: 'users', element: admin('Users', <UsersPage />) },
      { path: 'activity-logs', element: admin('Activity Logs', <ActivityLogsPage />) },
      { path: 'news', element: admin('News Articles', <NewsAdminPage />) },
      { path: 'contact-messages', element: admin('Contact Messages', <ContactMessagesPage />) },
      { path: 'definitions', element: admin('Assessment Definitions', <DefinitionsPage />) },
      { path: 'definitions/:definitionId', element: admin('Assessment Definitions', <DefinitionsPage />) },
      { path: 'client-dashboard', element: <ClientDashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'applications', element: <ClaimsListPage stage="application" /> },
      { path: 'applications/:id', element: <ClaimDetailPage stage="application" /> },
      // Staff: the claims page is the workbench (issue 30); clients: their filed claims.
      {
        path: 'claims',
        element: <StaffOrClient staff={<WorkbenchPage />} client={<ClaimsListPage stage="claim" />} />,
      },
      { path: 'workbench-settings', element: admin('Workbench settings', <WorkbenchSettingsPage />) },
      { path: 'claims/:id', element: <ClaimDetailPage stage="claim" /> },
      // Staff (any staff role) edit the firm's message templates (issue 30 §3).
      { path: 'message-templates', element: admin('Message templates', <MessageTemplatesPage />) },
      { path: 'messages', element: <MessagesPage /> },
      { path: 'documents', element: <DocumentsPage /> },
      { path: 'settings', element: <SettingsPage /> },
      portalAssessmentRoute,
    ],
  },
];
