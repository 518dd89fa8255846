import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  CheckboxField,
  FormAlert,
  TextField,
  applyServerErrors,
  apiRules,
  useAppForm,
} from '../../../components/form';
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

  if (isAuthenticated && !isSubmitting) return <Navigate to={redirectTargetFrom(location.state)} replace />;

  const onValid = async ({ email, password, remember }: Values) => {
    try {
      await login(email.trim(), password, remember);
      await navigate(redirectTargetFrom(location.state), { replace: true });
    } catch (error) {
      applyServerErrors(form, error, {
        fallback: AUTH_MESSAGES.loginFailed,
        message: error instanceof AuthError ? error.message : AUTH_MESSAGES.loginFailed,
      });
    }
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
        New to Reclaim? <Link to="/signup">Create an account</Link>
      </p>
    </>
  );
}
