import { describe, expect, it } from 'vitest';
import { dashboardPathFor, isNavItemActive } from './navigation';

describe('isNavItemActive', () => {
  it('is active on its own path and below it', () => {
    expect(isNavItemActive('/portal/claims', '/portal/claims')).toBe(true);
    expect(isNavItemActive('/portal/claims', '/portal/claims/')).toBe(true);
    expect(isNavItemActive('/portal/claims', '/portal/claims/0f5c3c7e')).toBe(true);
  });

  it('is not active on a sibling that only shares a prefix', () => {
    expect(isNavItemActive('/portal/claims', '/portal/claims-archive')).toBe(false);
    expect(isNavItemActive('/portal/users', '/portal/user')).toBe(false);
    expect(isNavItemActive('/portal/applications', '/portal')).toBe(false);
  });
});

describe('dashboardPathFor', () => {
  it('sends admins and clients to their own dashboards', () => {
    expect(dashboardPathFor(true)).toBe('/portal/admin-dashboard');
    expect(dashboardPathFor(false)).toBe('/portal/client-dashboard');
  });
});
