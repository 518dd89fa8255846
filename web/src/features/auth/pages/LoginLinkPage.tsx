import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { AUTH_MESSAGES, AuthError } from '../messages';
import { loginWithLink } from '../session-actions';

/**
 * The sign-in link e-mailed from the sign-in page (/login-link/{uid}/{token}). It signs in only on
 * a click, so a mail scanner opening the link does not use it up; this browser then counts as a
 * known device for the account.
 */
export default function LoginLinkPage() {
  const { uid = '', token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSignIn() {
    setError(null);
    setBusy(true);
    try {
      await loginWithLink(dispatch, { uid, token });
      await navigate('/portal', { replace: true });
    } catch (err) {
      setError(err instanceof AuthError ? err.message : AUTH_MESSAGES.loginFailed);
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="text-2xl sm:text-3xl">Sign in with your e-mailed link</h1>
      <div className="mt-6 space-y-4">
        <p>
          Sign in to your Reclaim account on this device. The link works once, within 15 minutes of being
          sent, and this device will not be slowed down by failed sign-ins elsewhere.
        </p>
        {error ? (
          <div className="alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-primary w-full"
          disabled={busy || uid === '' || token === ''}
          onClick={() => void onSignIn()}
        >
          {busy ? 'Signing in…' : 'Sign in to Reclaim'}
        </button>
        <p className="text-center text-sm text-ink-600">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </>
  );
}
