import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TextField } from '../../../components/form/Field';
import { passwordProblem } from '../../../lib/validation';
import { useConfirmPasswordResetMutation } from '../auth-api';

export default function PasswordResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: { password?: string; confirm?: string } = {};
    const problem = passwordProblem(password);
    if (problem) found.password = problem;
    if (confirm !== password) found.confirm = 'Passwords do not match';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await confirmReset({ uid, token, new_password: password });
    if ('error' in result && result.error) {
      const status = 'status' in result.error ? result.error.status : undefined;
      const data =
        'data' in result.error ? (result.error.data as { detail?: unknown } | undefined) : undefined;
      setFormError(
        status === 400
          ? typeof data?.detail === 'string' && data.detail !== ''
            ? `${data.detail.trim().replace(/[.\s]+$/, '')}. This link may be invalid, used or expired; please request a new one.`
            : 'This password reset link is invalid or has expired. Please request a new one.'
          : 'We could not reset your password. Please try again.',
      );
      return;
    }
    setDone(true);
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Choose a new password</h1>
      {done ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            Your password has been reset. You can now sign in with your new password.
          </div>
          <Link to="/login" className="btn btn-primary w-full">
            Sign in
          </Link>
        </div>
      ) : (
        <>
          {formError ? (
            <div className="alert-error mt-4" role="alert">
              {formError} <Link to="/password-reset">Request a new link</Link>
            </div>
          ) : null}
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 space-y-5">
            <TextField
              label="New password"
              name="new_password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              hint="At least 8 characters."
            />
            <TextField
              label="Confirm new password"
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={errors.confirm}
            />
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Reset password'}
            </button>
          </form>
        </>
      )}
    </>
  );
}
