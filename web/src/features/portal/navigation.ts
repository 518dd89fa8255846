export interface PortalNavItem {
  label: string;
  path: string;
}

export const ADMIN_DASHBOARD_PATH = '/portal/admin-dashboard';
export const CLIENT_DASHBOARD_PATH = '/portal/client-dashboard';

// The spec's two navigation lists, in its order (site spec, "Portal layout").
export const ADMIN_NAV: readonly PortalNavItem[] = [
  { label: 'Dashboard', path: ADMIN_DASHBOARD_PATH },
  { label: 'Users', path: '/portal/users' },
  { label: 'Applications', path: '/portal/applications' },
  { label: 'Claims', path: '/portal/claims' },
  { label: 'Messages', path: '/portal/messages' },
  { label: 'Documents', path: '/portal/documents' },
  { label: 'Activity Logs', path: '/portal/activity-logs' },
  // Not in the spec's list: staff edit the firm's message templates (issue 30 §3).
  { label: 'Message Templates', path: '/portal/message-templates' },
  { label: 'Settings', path: '/portal/settings' },
];

export const CLIENT_NAV: readonly PortalNavItem[] = [
  { label: 'Dashboard', path: CLIENT_DASHBOARD_PATH },
  { label: 'Profile', path: '/portal/profile' },
  { label: 'Applications', path: '/portal/applications' },
  { label: 'Claims', path: '/portal/claims' },
  { label: 'Messages', path: '/portal/messages' },
  { label: 'Documents', path: '/portal/documents' },
  // Not in the spec's list: password change, data export and account deletion must be reachable
  // from the portal (issue 11).
  { label: 'Settings', path: '/portal/settings' },
];

// An item is active when its path equals the current path or is a parent of it
// (/portal/claims is active on /portal/claims/123, but not on /portal/claims-archive).
export function isNavItemActive(itemPath: string, currentPath: string): boolean {
  const item = itemPath.replace(/\/+$/, '');
  const current = currentPath.replace(/\/+$/, '');
  return current === item || current.startsWith(`${item}/`);
}

export function dashboardPathFor(isAdmin: boolean): string {
  return isAdmin ? ADMIN_DASHBOARD_PATH : CLIENT_DASHBOARD_PATH;
}
