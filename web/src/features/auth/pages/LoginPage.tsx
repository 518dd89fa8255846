import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  CheckboxField,
  FormAlert,
  TextField,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
import { useRequestLoginLinkMutation } from '../auth-api';
import { AUTH_MESSAGES, AuthError } from '../messages';
import { redirectTargetFrom } from '../redirect-target';
import { useAuth } from '../use-auth';

interface Values {
  email: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const { login, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAppForm<Values>({ defaultValues: { email: '', password: '', remember: false } });
  const { isSubmitting } = form.formState;
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  // Sign-in is being slowed down (429): offer a one-time link by e-mail, which always gets in.
  const [throttled, setThrottled] = useState(false);
  const [linkState, setLinkState] = useState<{ sent: string } | { error: string } | null>(null);
  const [requestLink, { isLoading: linkSending }] = useRequestLoginLinkMutation();

  if (isAuthenticated && !isSubmitting) return <Navigate to={redirectTargetFrom(location.state)} replace />;

  const onValid = async ({ email, password, remember }: Values) => {
    setLinkState(null);
    try {
      await login(email.trim(), password, remember);
      await navigate(redirectTargetFrom(location.state), { replace: true });
    } catch (error) {
      if (error instanceof AuthError && error.status === 429) setThrottled(true);
      applyServerErrors(form, error, {
        fallback: AUTH_MESSAGES.loginFailed,
        message: error instanceof AuthError ? error.message : AUTH_MESSAGES.loginFailed,
      });
    }
  };

  const onSendLink = async () => {
    const email = form.getValues('email').trim();
    if (email === '') {
      setLinkState({ error: AUTH_MESSAGES.emailRequired });
      return;
    }
    const result = await requestLink({ email });
    if ('error' in result && result.error) setLinkState({ error: AUTH_MESSAGES.loginLinkFailed });
    else setLinkState({ sent: result.data.detail ?? 'A sign-in link has been sent.' });
  };

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Sign in</h1>
      <p className="mt-2 text-sm text-ink-600">Sign in to the Client Portal to follow your claims.</p>
      {typeof notice === 'string' ? (
        <div className="alert-success mt-4" role="status">
          {notice}
        </div>
      ) : null}
      <FormAlert form={form} className="mt-4" />
      {throttled ? (
        <section
          aria-labelledby="login-link-heading"
          className="mt-4 space-y-3 rounded-lg border border-ink-200 p-4"
        >
          <h2 id="login-link-heading" className="text-lg">
            Sign in with a link by e-mail
          </h2>
          <p className="text-sm text-ink-600">
            Sign-in to this account is being slowed down after failed attempts. We can e-mail you a link that
            signs you in on this device straight away.
          </p>
          {linkState && 'sent' in linkState ? (
            <div className="alert-success" role="status">
              {linkState.sent}
            </div>
          ) : null}
          {linkState && 'error' in linkState ? (
            <div className="alert-error" role="alert">
              {linkState.error}
            </div>
          ) : null}
          <button
            type="button"
            className="btn btn-secondary w-full"
            disabled={linkSending}
            onClick={() => void onSendLink()}
          >
            {linkSending ? 'Sending…' : 'E-mail me a sign-in link'}
          </button>
        </section>
      ) : null}
      <form noValidate onSubmit={(e) => void form.submit(onValid)(e)} className="mt-6 space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...form.field(
            'email',
            apiRules('LoginDto', 'username', { required: AUTH_MESSAGES.emailRequired }),
          )}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field(
            'password',
            apiRules('LoginDto', 'password', { required: AUTH_MESSAGES.passwordRequired }, { trim: false }),
          )}
        />
        <div className="flex items-center justify-between gap-3">
          <CheckboxField label="Remember me for 30 days" {...form.field('remember')} />
          <Link to="/password-reset" className="text-sm">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        New to Reclaim?{' '}
        <Link to="/signup" state={location.state as unknown}>
          Create an account
        </Link>
      </p>
    </>
  );
}
