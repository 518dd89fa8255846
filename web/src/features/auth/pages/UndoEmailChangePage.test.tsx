import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithPortal, stubFetch } from '../../../test/portal-test-utils';
import { getAccessToken } from '../token-storage';
import UndoEmailChangePage from './UndoEmailChangePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [{ path: 'undo-email', element: <UndoEmailChangePage /> }];

describe('undo e-mail change page (SECURITY row 30)', () => {
  it('sends the token from the link only on a click, then ends the local session', async () => {
    const { calls } = stubFetch({
      'POST /auth/email-change/undo/': {
        body: { detail: 'restored', email: 'jane@example.co.uk' },
      },
    });
    const { store } = renderWithPortal('/portal/undo-email?token=abc123', makeUser(), routes);
    const button = await screen.findByRole('button', { name: 'Restore my old e-mail address' });
    expect(calls).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your e-mail address has been changed back to jane@example.co.uk',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'abc123' });
    expect(store.getState().session.status).toBe('unauthenticated');
    expect(getAccessToken()).toBeNull();
  });

  it('says so when the link is used, expired or invalid', async () => {
    stubFetch({
      'POST /auth/email-change/undo/': { status: 400, body: { statusCode: 400, detail: 'invalid' } },
    });
    renderWithPortal('/portal/undo-email?token=used', makeUser(), routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore my old e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, has expired or has already been used.',
    );
  });
});
