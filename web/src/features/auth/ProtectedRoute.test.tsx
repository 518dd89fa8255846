import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { ProtectedRoute } from './ProtectedRoute';
import type { SessionState } from './session-slice';
import type { User } from './types';

const client: User = {
  id: 'c',
  username: 'client',
  display_name: 'Client',
  email: 'c@x.co',
  avatar: null,
  role: 'CLIENT',
  is_staff: false,
  is_active: true,
  date_joined: '',
  last_login: null,
};
const staffFlag: User = { ...client, id: 's', role: 'CLIENT', is_staff: true };
const admin: User = { ...client, id: 'a', role: 'ADMIN', is_staff: true };

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>login page; from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(
  path: string,
  session: SessionState,
  guard: { requireAdmin?: boolean; allowedRoles?: User['role'][] } = {},
) {
  const store = makeStore({ session });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/unauthorized" element={<p>unauthorized page</p>} />
          <Route element={<ProtectedRoute {...guard} />}>
            <Route path="/portal/*" element={<p>secret content</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('ProtectedRoute', () => {
  it('shows Loading / Verifying authentication while checking', () => {
    renderAt('/portal/dashboard', { status: 'checking', user: null });
    expect(screen.getByText('Verifying authentication')).toBeInTheDocument();
    expect(screen.getByText('Loading', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('secret content')).toBeNull();
  });

  it('sends a visitor to /login keeping the attempted location', () => {
    renderAt('/portal/claims?status=filed', { status: 'unauthenticated', user: null });
    expect(screen.getByText('login page; from /portal/claims?status=filed')).toBeInTheDocument();
  });

  it('lets a signed-in client through', () => {
    renderAt('/portal/dashboard', { status: 'authenticated', user: client });
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });

  it('sends a client to /unauthorized when admin is required', () => {
    renderAt('/portal/users', { status: 'authenticated', user: client }, { requireAdmin: true });
    expect(screen.getByText('unauthorized page')).toBeInTheDocument();
  });

  it.each([
    ['ADMIN role', admin],
    ['the staff flag', staffFlag],
  ])('lets %s through when admin is required', (_name, user) => {
    renderAt('/portal/users', { status: 'authenticated', user }, { requireAdmin: true });
    expect(screen.getByText('secret content')).toBeInTheDocument();
  });

  it('applies allowedRoles', () => {
    renderAt('/portal/x', { status: 'authenticated', user: admin }, { allowedRoles: ['CLIENT'] });
    expect(screen.getByText('unauthorized page')).toBeInTheDocument();
  });
});
