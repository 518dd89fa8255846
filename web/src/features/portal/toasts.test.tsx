import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../components/Toasts';
import { toast } from '../../lib/toast';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { portalRoutes } from './routes';
import { makeUser, renderWithPortal, stubFetch } from '../../test/portal-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const wrongPassword = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Current password is incorrect',
  detail: 'Current password is incorrect',
  errors: [{ field: 'current_password', message: 'Current password is incorrect' }],
};

describe('toasts', () => {
  it('shows a message raised twice at once only once', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('File type not accepted');
      toast.error('File type not accepted');
    });
    expect(await screen.findByText('File type not accepted')).toBeInTheDocument();
    // Give a second toast every chance to mount before counting.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getAllByText('File type not accepted')).toHaveLength(1);
  });

  it('sit at the bottom right on a wider screen, away from the headers and the page actions', async () => {
    render(<Toasts />);
    act(() => {
      toast.success('Saved.');
    });
    await screen.findByText('Saved.');
    // jsdom matches no media query: the wider-screen placement (the phone's is bottom-center).
    expect(document.querySelector('.Toastify__toast-container--bottom-right')).not.toBeNull();
    expect(document.querySelector('[class*="Toastify__toast-container--top"]')).toBeNull();
  });
});

describe('API field errors in words', () => {
  it('never shows the API field name', () => {
    expect(errorMessage({ data: wrongPassword }, 'fallback')).toBe('Current password is incorrect.');
    expect(
      errorMessage(
        {
          data: {
            errors: [{ field: 'new_password', message: 'new_password must be longer than 8 characters' }],
          },
        },
        'fallback',
      ),
    ).toBe('New password must be longer than 8 characters.');
    expect(fieldErrors({ data: wrongPassword })).toEqual({
      current_password: 'Current password is incorrect.',
    });
  });
});

describe('change password with a wrong current password', () => {
  it('says so once, beside the field, in words', async () => {
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'POST /auth/password-change/': { status: 400, body: wrongPassword },
    });
    renderWithPortal('/portal/settings', makeUser(), portalRoutes);
    render(<Toasts />);
    const current = await screen.findByLabelText('Current password');
    await userEvent.type(current, 'not-my-password');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-passphrase-2026');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-passphrase-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Current password is incorrect.');
    expect(current).toHaveFocus();
    expect(screen.getAllByText(/Current password is incorrect/)).toHaveLength(1);
    expect(document.body).not.toHaveTextContent('current_password');
  });
});
