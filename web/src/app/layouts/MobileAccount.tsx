import { Link } from 'react-router-dom';
import { useAuth } from '../../features/auth/use-auth';
import { SystemHealthDetails } from '../../features/health/SystemHealth';
import { USER_MENU } from './nav';
import { displayNameOf } from '../../lib/display-name';

/** The signed-in user's part of the mobile menu. */
export function MobileAccount() {
  const { user, logout } = useAuth();
  return (
    <>
      <p className="px-3 text-xs text-ink-500">Signed in as</p>
      <p className="truncate px-3 text-sm font-semibold text-ink-900">{user?.email ?? displayNameOf(user)}</p>
      <ul className="mt-2">
        {USER_MENU.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block rounded-lg px-3 py-2 text-sm text-ink-800 no-underline hover:bg-ink-50"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-2">
        <SystemHealthDetails />
      </div>
      <button type="button" className="btn btn-secondary mt-3 w-full" onClick={() => void logout()}>
        Sign out
      </button>
    </>
  );
}
