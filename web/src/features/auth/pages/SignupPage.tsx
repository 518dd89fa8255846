import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/form/Field';
import { focusFirstInvalid, isEmail, passwordProblem } from '../../../lib/validation';
import { AUTH_MESSAGES, AuthError } from '../messages';
import { useAuth } from '../use-auth';

interface Values {
  name: string;
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

export function validateSignup(v: Values): Errors {
  const errors: Errors = {};
  if (v.name.trim().length > 100) errors.name = 'Please use at most 100 characters';
  if (v.email.trim() === '') errors.email = AUTH_MESSAGES.emailRequired;
  else if (!isEmail(v.email)) errors.email = 'Please enter a valid email address';
  const problem = passwordProblem(v.password);
  if (problem) errors.password = problem;
  if (v.confirm !== v.password) errors.confirm = 'Passwords do not match';
  if (!v.terms) errors.terms = 'Please accept the Terms of Service and Privacy Policy';
  return errors;
}

export default function SignupPage() {
  const { register, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    name: '',
    email: '',
    password: '',
    confirm: '',
    terms: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<{
    message: string;
    fields: { field: string; message: string }[];
  } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  if (isAuthenticated && !submitting) return <Navigate to="/portal" replace />;

  const set = (key: 'name' | 'email' | 'password' | 'confirm') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateSignup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setTimeout(() => focusFirstInvalid(form.current), 0);
      return;
    }
    setSubmitting(true);
    try {
      const displayName = values.name.trim();
      const result = await register({
        email: values.email.trim(),
        password: values.password,
        ...(displayName ? { display_name: displayName } : {}),
      });
      if (result.signedIn) await navigate('/portal', { replace: true });
      else
        await navigate('/login', {
          replace: true,
          state: { notice: 'Your account has been created. Please sign in.' },
        });
    } catch (error) {
      setFormError({
        message: error instanceof AuthError ? error.message : AUTH_MESSAGES.registrationFailed,
        fields: error instanceof AuthError ? error.fieldErrors : [],
      });
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Create your account</h1>
      <p className="mt-2 text-sm text-ink-600">
        Sign up to save your assessments and follow your claims in the Client Portal.
      </p>
      {formError ? (
        <div ref={errorRef} tabIndex={-1} className="alert-error mt-4" role="alert">
          <p>{formError.message}</p>
          {formError.fields.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {formError.fields.map((f) => (
                <li key={`${f.field}${f.message}`}>
                  {f.field}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-5">
        <TextField
          label="Full name (optional)"
          name="display_name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 8 characters. A passphrase of several words is easy to remember and hard to guess."
        />
        <TextField
          label="Confirm password"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
        />
        <div className="field">
          <label className="flex items-start gap-2 text-sm text-ink-700">
            <input
              type="checkbox"
              name="terms"
              checked={values.terms}
              onChange={(e) => setValues((v) => ({ ...v, terms: e.target.checked }))}
              aria-invalid={errors.terms ? 'true' : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              I agree to the <Link to="/terms-of-service">Terms of Service</Link> and the{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>
            </span>
          </label>
          {errors.terms ? (
            <p id="terms-error" className="field-error">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}
