import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithPortal, stubFetch } from '../../../test/portal-test-utils';
import AcceptInvitePage from './AcceptInvitePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [{ path: 'accept-invite/:uid/:token', element: <AcceptInvitePage /> }];
const UID = '5b0c6a62-8a43-4a53-9a57-1f6f2f7f0009';
const password = 'Invited-staff-passphrase-29';

async function choose(value: string, confirm = value): Promise<void> {
  const [first, second] = document.querySelectorAll<HTMLInputElement>('input[type="password"]');
  await userEvent.type(first!, value);
  await userEvent.type(second!, confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('accept invitation page (issue 29 §6)', () => {
  it('sends the link’s id and token with the new password, then says how to sign in', async () => {
    const { calls } = stubFetch({
      'POST /auth/invite/accept/': { body: { detail: 'ok', email: 'carla@example.test' } },
    });
    renderWithPortal(`/portal/accept-invite/${UID}/tok-123`, makeUser(), routes);
    await screen.findByRole('heading', { name: 'Set your password' });
    await choose(password, 'something-else-entirely');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(document.querySelectorAll<HTMLInputElement>('input[type="password"]')[1]!);
    await userEvent.type(document.querySelectorAll<HTMLInputElement>('input[type="password"]')[1]!, password);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sign in with carla@example.test');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      uid: UID,
      token: 'tok-123',
      new_password: password,
    });
  });

  it('says so when the link is used, expired or invalid', async () => {
    stubFetch({
      'POST /auth/invite/accept/': { status: 400, body: { statusCode: 400, detail: 'invalid' } },
    });
    renderWithPortal(`/portal/accept-invite/${UID}/used`, makeUser(), routes);
    await screen.findByRole('heading', { name: 'Set your password' });
    await choose(password);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid, used or expired',
    );
  });
});
