import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { NewsEditor } from '../../features/admin/components/NewsEditor';
import LoginPage from '../../features/auth/pages/LoginPage';
import ContactPage from '../../features/public/pages/ContactPage';
import SignupPage from '../../features/auth/pages/SignupPage';
import { stubFetch } from '../../test/portal-test-utils';
import { API_CONSTRAINTS } from '../../app/api-constraints.gen';
import { TextField } from './Field';
import { FormAlert } from './FormAlert';
import { applyServerErrors } from './server-errors';
import { useAppForm } from './use-app-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(element: ReactElement, path = '/') {
  const store = makeStore({ session: { status: 'unauthenticated', user: null } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

/** Every shown field error is a `.field-error` under an invalid control that names it in aria-describedby. */
function expectErrorsShownOneWay(container: HTMLElement): string[] {
  const shown = [...container.querySelectorAll<HTMLElement>('.field-error')];
  for (const error of shown) {
    expect(error.tagName).toBe('P');
    expect(error.id).not.toBe('');
    const control = container.querySelector(`[aria-describedby~="${error.id}"]`);
    expect(control, `a control described by ${error.id}`).not.toBeNull();
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(expect.stringContaining(error.textContent ?? '') as string);
  }
  // And no invalid control without its error paragraph.
  expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(shown.length);
  return shown.map((e) => e.textContent ?? '');
}

describe('field errors are shown the same way in every form', () => {
  it('sign-up, submitted empty: each error under its field, linked, the first field focused', async () => {
    const { container } = renderPage(<SignupPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(container.querySelectorAll('.field-error').length).toBeGreaterThan(0));
    expect(expectErrorsShownOneWay(container)).toEqual([
      'Email is required',
      'Password is required',
      'Please accept the Terms of Service and Privacy Policy',
    ]);
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('sign-up, invalid values: the spec texts, and the API limit on the name', async () => {
    const { container } = renderPage(<SignupPage />);
    const max = API_CONSTRAINTS.RegisterDto.display_name.maxLength;
    await userEvent.click(screen.getByLabelText(/^Full name/));
    await userEvent.paste('x'.repeat(max + 1));
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(container.querySelectorAll('.field-error').length).toBeGreaterThan(0));
    expect(expectErrorsShownOneWay(container)).toEqual([
      `Please use at most ${max} characters`,
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'Passwords do not match',
      'Please accept the Terms of Service and Privacy Policy',
    ]);
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
  });

  it('login, submitted empty: the same display', async () => {
    const { container } = renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(container.querySelectorAll('.field-error').length).toBeGreaterThan(0));
    expect(expectErrorsShownOneWay(container)).toEqual(['Email is required', 'Password is required']);
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('contact (public site), submitted empty: the same display, the first field focused', async () => {
    const { container } = renderPage(<ContactPage />, '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(container.querySelectorAll('.field-error').length).toBeGreaterThan(0));
    expect(expectErrorsShownOneWay(container)).toEqual([
      'Please enter your name',
      'Please enter your email address',
      'Please enter a subject',
      'Please tell us a little more (at least 10 characters)',
    ]);
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
  });

  it('news editor (admin), saved empty from the Preview tab: back on Write, the same display', async () => {
    const { container } = renderPage(<NewsEditor article={null} onSaved={vi.fn()} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Write' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(expectErrorsShownOneWay(container)).toEqual([
      'Enter a title.',
      'Enter a one-paragraph summary for the news list.',
      'Write the article.',
    ]);
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Body (Markdown)')).toHaveAccessibleDescription(/Write the article\./);
  });

  it('an error clears as the field is corrected after a failed submit', async () => {
    const { container } = renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Email is required');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await waitFor(() => expect(screen.queryByText('Email is required')).not.toBeInTheDocument());
    expect(expectErrorsShownOneWay(container)).toEqual(['Password is required']);
  });
});

describe("the API's 400 field errors", () => {
  it('sign-up: a field error goes beside its field, the rest into the focused alert', async () => {
    const { calls } = stubFetch({
      'POST /auth/register/': {
        status: 400,
        body: {
          message: 'This password is too common; choose another (and 1 more)',
          errors: [
            { field: 'password', message: 'This password is too common; choose another' },
            { field: 'username', message: 'username must be shorter than or equal to 150 characters' },
          ],
        },
      },
    });
    const { container } = renderPage(<SignupPage />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'password1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'password1');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(calls.map((c) => c.path)).toEqual(['/auth/register/']);
    expect(alert).toHaveTextContent('Registration failed. Please try again.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Username must be shorter than or equal to 150 characters.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(expectErrorsShownOneWay(container)).toEqual(['This password is too common; choose another.']);
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common') as string,
    );
  });

  it('login: a 401 is one alert, focused again on each failed try', async () => {
    stubFetch({ 'POST /auth/login/': { status: 401, body: { detail: 'No active account' } } });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    await waitFor(() => expect(alert).toHaveFocus());
    await userEvent.click(screen.getByLabelText(/^Password/));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  function Harness({ error, fields }: { error: unknown; fields?: Record<string, 'amount' | null> }) {
    const form = useAppForm<{ note: string; amount: string }>({ defaultValues: { note: '', amount: '' } });
    return (
      <form
        noValidate
        onSubmit={(e) =>
          void form.submit(() => {
            applyServerErrors(form, error, { fallback: 'The status could not be changed.', fields });
          })(e)
        }
      >
        <FormAlert form={form} />
        <TextField label="Note" {...form.field('note')} />
        <TextField label="Amount" {...form.field('amount')} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('maps API names onto form fields, focuses the first, and shows no alert when all found a field', async () => {
    const error = {
      status: 400,
      data: {
        message: 'x',
        errors: [
          { field: 'amount_repaid', message: 'amount_repaid must not be less than 0' },
          { field: 'note', message: 'note must be shorter than or equal to 2000 characters' },
          { field: 'note', message: 'note must be a string' },
        ],
      },
    };
    const { container } = render(<Harness error={error} fields={{ amount_repaid: 'amount' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(container.querySelectorAll('.field-error')).toHaveLength(2));
    expect(expectErrorsShownOneWay(container)).toEqual([
      'Note must be shorter than or equal to 2000 characters.',
      'Amount repaid must not be less than 0.',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveFocus());
  });

  it('an answer without field errors: its detail, else the fallback, in the alert', async () => {
    const { unmount } = render(
      <Harness error={{ status: 409, data: { detail: 'The claim has moved on.' } }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The claim has moved on.');
    unmount();
    render(<Harness error={{ status: 'FETCH_ERROR', error: 'offline' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The status could not be changed.');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it("an answer with a list of problems (the release gate's): its message and each problem in the alert", async () => {
    const error = {
      status: 400,
      data: {
        message: 'Every changed rule and parameter needs a passing test that exercises it before review',
        problems: [
          '“Bands from 1 April 2027” is not read by any passing test.',
          'Test “A” fails: expected £1; got £2.',
        ],
      },
    };
    render(<Harness error={error} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('needs a passing test that exercises it before review');
    expect(alert).toHaveTextContent('“Bands from 1 April 2027” is not read by any passing test.');
    expect(alert).toHaveTextContent('Test “A” fails: expected £1; got £2.');
  });
});
