import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  CheckboxField,
  FormAlert,
  TextField,
  applyServerErrors,
  apiRules,
  newPasswordRules,
  useAppForm,
} from '../../../components/form';
import { PASSWORD_MIN_LENGTH } from '../../../lib/validation';
import { AUTH_MESSAGES, AuthError } from '../messages';
import { redirectTargetFrom } from '../redirect-target';
import { useAuth } from '../use-auth';

interface Values {
  display_name: string;
  email: string;
  password: string;
  confirm_password: string;
  terms: boolean;
}

export default function SignupPage() {
  const { register, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Why the visitor is here (e.g. a guest's Submit), passed on from the sign-in page.
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  const form = useAppForm<Values>({
    defaultValues: { display_name: '', email: '', password: '', confirm_password: '', terms: false },
  });
  const { isSubmitting } = form.formState;

  if (isAuthenticated && !isSubmitting) return <Navigate to={redirectTargetFrom(location.state)} replace />;

  const onValid = async (values: Values) => {
    try {
      const displayName = values.display_name.trim();
      const result = await register({
        email: values.email.trim(),
        password: values.password,
        ...(displayName ? { display_name: displayName } : {}),
      });
      if (result.signedIn) await navigate(redirectTargetFrom(location.state), { replace: true });
      else
        await navigate('/login', {
          replace: true,
          state: {
            notice:
              'Thank you. Please check your e-mail: if this address already has an account, we have sent it a message about signing in or resetting your password.',
          },
        });
    } catch (error) {
      applyServerErrors(form, error, {
        fallback: AUTH_MESSAGES.registrationFailed,
        message: error instanceof AuthError ? error.message : AUTH_MESSAGES.registrationFailed,
      });
    }
  };

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Create your account</h1>
      <p className="mt-2 text-sm text-ink-600">
        Sign up to save your assessments and follow your claims in the Client Portal.
      </p>
      {typeof notice === 'string' ? (
        <div className="alert-success mt-4" role="status">
          {notice}
        </div>
      ) : null}
      <FormAlert form={form} className="mt-4" />
      <form noValidate onSubmit={(e) => void form.submit(onValid)(e)} className="mt-6 space-y-5">
        <TextField
          label="Full name (optional)"
          autoComplete="name"
          {...form.field('display_name', apiRules('RegisterDto', 'display_name'))}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.field(
            'email',
            apiRules('RegisterDto', 'email', {
              required: AUTH_MESSAGES.emailRequired,
              email: 'Please enter a valid email address',
            }),
          )}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('password', newPasswordRules())}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of several words is easy to remember and hard to guess.`}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirm_password', {
            validate: (value, values) => value === values.password || 'Passwords do not match',
          })}
        />
        <CheckboxField
          label={
            <>
              I agree to the <Link to="/terms-of-service">Terms of Service</Link> and the{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>
            </>
          }
          {...form.field('terms', {
            validate: (accepted) => accepted || 'Please accept the Terms of Service and Privacy Policy',
          })}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        Already have an account?{' '}
        <Link to="/login" state={location.state as unknown}>
          Sign in
        </Link>
      </p>
    </>
  );
}
