import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../../components/form/Field';
import { isEmail } from '../../../lib/validation';
import { useRequestPasswordResetMutation } from '../auth-api';
import { AUTH_MESSAGES } from '../messages';

export default function PasswordResetPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (email.trim() === '') return setError(AUTH_MESSAGES.emailRequired);
    if (!isEmail(email)) return setError('Please enter a valid email address');
    setError(undefined);
    const result = await requestReset({ email: email.trim() });
    if ('error' in result && result.error) {
      setFormError('We could not send the reset e-mail. Please try again in a few minutes.');
      return;
    }
    setSent(true);
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Reset your password</h1>
      {sent ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            If an account exists for {email.trim()}, we have sent an e-mail with a link to reset your
            password. The link works once and expires after one hour.
          </div>
          <Link to="/login" className="btn btn-secondary w-full">
            Back to sign in
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-600">
            Enter the e-mail address you use to sign in and we will send you a link to choose a new password.
          </p>
          {formError ? (
            <div className="alert-error mt-4" role="alert">
              {formError}
            </div>
          ) : null}
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-5">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
              {isLoading ? 'Sending…' : 'Send reset link'}
            </button>
          </form>
          <p className="mt-6 text-center text-sm text-ink-600">
            Remembered it? <Link to="/login">Sign in</Link>
          </p>
        </>
      )}
    </>
  );
}
