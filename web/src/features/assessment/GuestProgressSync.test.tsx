// Signing in takes the guest's "You need to log in to submit" warning off screen: it is no longer
// true, and it would sit beside "saved to your account" on the assessment they return to.
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { toast } from '../../lib/toast';
import { makeUser } from '../../test/portal-test-utils';
import { GuestProgressSync } from './GuestProgressSync';
import { ASSESSMENT_MESSAGES } from './messages';

describe('GuestProgressSync', () => {
  it('dismisses the log-in-to-submit warning once the visitor is signed in', async () => {
    const store = makeStore({ session: { status: 'unauthenticated', user: null } });
    const { rerender } = render(
      <Provider store={store}>
        <MemoryRouter>
          <GuestProgressSync />
          <ToastContainer />
        </MemoryRouter>
      </Provider>,
    );
    act(() => {
      toast.warn(ASSESSMENT_MESSAGES.loginToSubmit, { autoClose: false });
    });
    expect(await screen.findByText(ASSESSMENT_MESSAGES.loginToSubmit)).toBeInTheDocument();
    const signedIn = makeStore({ session: { status: 'authenticated', user: makeUser() } });
    rerender(
      <Provider store={signedIn}>
        <MemoryRouter>
          <GuestProgressSync />
          <ToastContainer />
        </MemoryRouter>
      </Provider>,
    );
    // jsdom runs no CSS animations, so the toast stays in the DOM, marked as leaving (data-in="false").
    await waitFor(() =>
      expect(screen.getByText(ASSESSMENT_MESSAGES.loginToSubmit).closest('.Toastify__toast')).toHaveAttribute(
        'data-in',
        'false',
      ),
    );
  });
});
