import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminOnly } from './AdminOnly';
import { adminUser, makeUser, renderWithPortal } from '../../test/portal-test-utils';

function Broken(): never {
  throw new Error('chart data missing');
}

const routes = [
  {
    path: 'users',
    element: (
      <AdminOnly name="Users">
        <Broken />
      </AdminOnly>
    ),
  },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminOnly', () => {
  it('shows the error boundary named after the page when an admin page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithPortal('/portal/users', adminUser(), routes);
    expect(await screen.findByText('Something went wrong in Users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Component' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('sends a client to /unauthorized without rendering the page', async () => {
    const { router } = renderWithPortal('/portal/users', makeUser(), routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });
});
