import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { useUndoEmailChangeMutation } from '../auth-api';
import { sessionEnded } from '../session-slice';
import { clearTokens } from '../token-storage';

/**
 * The link e-mailed to the old address after an e-mail change (/account/undo-email?token=…).
 * It acts only on a click, so a mail scanner opening the link does not use it up.
 */
export default function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const [undo, { isLoading }] = useUndoEmailChangeMutation();
  const [restored, setRestored] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onUndo() {
    setError(null);
    const result = await undo({ token });
    if ('error' in result && result.error) {
      const status = 'status' in result.error ? result.error.status : undefined;
      setError(
        status === 400
          ? 'This link is invalid, has expired or has already been used.'
          : 'We could not restore your e-mail address. Please try again.',
      );
      return;
    }
    // Every session has ended on the server; end this browser's too.
    clearTokens();
    dispatch(sessionEnded());
    setRestored(result.data.email ?? '');
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Undo e-mail change</h1>
      {restored !== null ? (
        <div className="mt-6 space-y-4">
          <div className="alert-success" role="status">
            Your e-mail address has been changed back{restored ? ` to ${restored}` : ''}, and every device has
            been signed out. If you did not make the change, choose a new password now.
          </div>
          <Link to="/password-reset" className="btn btn-primary w-full">
            Choose a new password
          </Link>
          <Link to="/login" className="btn btn-secondary w-full">
            Sign in
          </Link>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <p>
            If you did not change the e-mail address of your account, put your old address back. This signs
            out every device.
          </p>
          {error ? (
            <div className="alert-error" role="alert">
              {error}
            </div>
          ) : null}
          <button
            type="button"
            className="btn btn-primary w-full"
            disabled={isLoading || token === ''}
            onClick={() => void onUndo()}
          >
            {isLoading ? 'Restoring…' : 'Restore my old e-mail address'}
          </button>
        </div>
      )}
    </>
  );
}
