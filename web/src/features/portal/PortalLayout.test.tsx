import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PortalLayout from './PortalLayout';
import { adminUser, makeUser, renderWithPortal, stubFetch } from '../../test/portal-test-utils';

const layoutRoutes = [
  {
    element: <PortalLayout />,
    children: [{ path: '*', element: <Link to="/portal/documents">Go to documents</Link> }],
  },
];

function sidebar() {
  return screen.getByRole('navigation', { name: 'Portal navigation' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PortalLayout', () => {
  it('titles the portal Client Portal and lists the client navigation for a client', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/client-dashboard', makeUser(), layoutRoutes);
    expect(await screen.findByText('Client Portal')).toBeInTheDocument();
    expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
    const labels = within(sidebar())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Profile',
      'Applications',
      'Claims',
      'Messages',
      'Documents',
      'Settings',
      'Return to Website',
    ]);
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/portal/client-dashboard',
    );
    expect(within(sidebar()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('titles the portal Admin Portal and lists the admin navigation for staff', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/admin-dashboard', adminUser(), layoutRoutes);
    expect(await screen.findByText('Admin Portal')).toBeInTheDocument();
    const labels = within(sidebar())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Users',
      'Applications',
      'Claims',
      'Messages',
      'Documents',
      'Activity Logs',
      'Message Templates',
      'Settings',
      'Return to Website',
    ]);
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/portal/admin-dashboard',
    );
  });

  it('treats a STAFF role without the staff flag as an admin', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/admin-dashboard', makeUser({ role: 'STAFF', is_staff: false }), layoutRoutes);
    expect(await screen.findByText('Admin Portal')).toBeInTheDocument();
  });

  it('marks the item whose path is the current path or its parent as active', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/claims/0f5c3c7e-1111-4222-8333-944455556666', makeUser(), layoutRoutes);
    const claims = await within(sidebar()).findByRole('link', { name: 'Claims' });
    expect(claims).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Applications' })).not.toHaveAttribute('aria-current');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows Logged in as with the display name, else the username, and User when there is neither', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    const loggedInAs = async () => (await screen.findAllByText(/Logged in as/))[0];
    let view = renderWithPortal(
      '/portal/profile',
      makeUser({ username: 'jane.client', display_name: 'Jane Client' }),
      layoutRoutes,
    );
    expect(await loggedInAs()).toHaveTextContent('Logged in as Jane Client');
    view.unmount();
    view = renderWithPortal(
      '/portal/profile',
      makeUser({ username: 'jane.client', display_name: '' }),
      layoutRoutes,
    );
    expect(await loggedInAs()).toHaveTextContent('Logged in as jane.client');
    view.unmount();
    renderWithPortal(
      '/portal/profile',
      makeUser({ username: '', display_name: '', email: '' }),
      layoutRoutes,
    );
    expect(await loggedInAs()).toHaveTextContent('Logged in as User');
  });

  it('shows the unread message count on Messages', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 3 } } });
    renderWithPortal('/portal/profile', makeUser(), layoutRoutes);
    expect(await within(sidebar()).findByLabelText('3 unread')).toHaveTextContent('3');
  });

  it('opens the small-screen menu, closes it on Escape and returns focus to the toggle', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/profile', makeUser(), layoutRoutes);
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Portal menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('closes the small-screen menu when the route changes', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    const { router } = renderWithPortal('/portal/profile', makeUser(), layoutRoutes);
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Messages' }));
    expect(router.state.location.pathname).toBe('/portal/messages');
    expect(screen.queryByRole('navigation', { name: 'Portal menu' })).not.toBeInTheDocument();
    // A navigation from inside the page closes it too.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await act(async () => {
      await router.navigate('/portal/claims');
    });
    expect(screen.queryByRole('navigation', { name: 'Portal menu' })).not.toBeInTheDocument();
  });

  it('logs out on the server, clears the session and goes to /login', async () => {
    const { calls } = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'POST /auth/logout/': { status: 204 },
    });
    const { router, store } = renderWithPortal('/portal/profile', makeUser(), layoutRoutes);
    const header = screen.getByRole('banner');
    await userEvent.click(within(header).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/auth/logout/')).toBe(true);
    expect(calls.find((call) => call.path === '/auth/logout/')?.body).toEqual({ refresh: 'refresh-token' });
    expect(store.getState().session.user).toBeNull();
    expect(localStorage.getItem('reclaim.auth.access')).toBeNull();
  });

  it('has a Website link in the top bar and Return to Website in the sidebar', async () => {
    stubFetch({ 'GET /api/messages/unread-count/': { body: { unread: 0 } } });
    renderWithPortal('/portal/profile', makeUser(), layoutRoutes);
    expect(await screen.findByText('Client Portal')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(sidebar()).getByRole('link', { name: 'Return to Website' })).toHaveAttribute('href', '/');
  });
});
