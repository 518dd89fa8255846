import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/form/Field';
import { focusFirstInvalid } from '../../../lib/validation';
import { AUTH_MESSAGES, AuthError } from '../messages';
import { redirectTargetFrom } from '../redirect-target';
import { useAuth } from '../use-auth';

interface Errors {
  email?: string;
  password?: string;
}

export function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (email.trim() === '') errors.email = AUTH_MESSAGES.emailRequired;
  if (password === '') errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

export default function LoginPage() {
  const { login, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  if (isAuthenticated && !submitting) return <Navigate to={redirectTargetFrom(location.state)} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateLogin(email, password);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setTimeout(() => focusFirstInvalid(form.current), 0);
      return;
    }
    setSubmitting(true);
    try {
      await login(email.trim(), password, remember);
      await navigate(redirectTargetFrom(location.state), { replace: true });
    } catch (error) {
      setFormError(error instanceof AuthError ? error.message : AUTH_MESSAGES.loginFailed);
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Sign in</h1>
      <p className="mt-2 text-sm text-ink-600">Sign in to the Client Portal to follow your claims.</p>
      {typeof notice === 'string' ? (
        <div className="alert-success mt-4" role="status">
          {notice}
        </div>
      ) : null}
      {formError ? (
        <div ref={errorRef} tabIndex={-1} className="alert-error mt-4" role="alert">
          {formError}
        </div>
      ) : null}
      <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-ink-700">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            Remember me for 30 days
          </label>
          <Link to="/password-reset" className="text-sm">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        New to Reclaim? <Link to="/signup">Create an account</Link>
      </p>
    </>
  );
}
