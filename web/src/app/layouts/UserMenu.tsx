import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/auth/use-auth';
import { SystemHealthDetails, SystemHealthIndicator } from '../../features/health/SystemHealth';
import { USER_MENU } from './nav';
import { displayNameOf } from '../../lib/display-name';
import { useDropdown } from './use-dropdown';

/** Signed-in user's menu: Signed in as, Dashboard, Profile, Settings, system health, Sign out. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const menuId = useId();
  const { pathname } = useLocation();
  const { open, setOpen, wrapper, button } = useDropdown(pathname);

  const name = displayNameOf(user);
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-ink-200 py-1 pr-3 pl-1 text-sm font-medium text-ink-800 hover:bg-ink-50"
      >
        <span
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
          aria-hidden="true"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">
          <span className="sr-only">Account: </span>
          {name}
        </span>
        <SystemHealthIndicator />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-72 rounded-xl border border-ink-200 bg-white p-3 shadow-xl"
      >
        <p className="px-2 text-xs text-ink-500">Signed in as</p>
        <p className="truncate px-2 text-sm font-semibold text-ink-900">{user?.email ?? name}</p>
        <ul className="mt-2 border-t border-ink-100 pt-2">
          {USER_MENU.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="block rounded-md px-2 py-2 text-sm text-ink-800 no-underline hover:bg-ink-50"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-2 border-t border-ink-100 pt-2">
          <SystemHealthDetails />
        </div>
        <button
          type="button"
          className="btn btn-ghost mt-2 w-full justify-start"
          onClick={() => {
            void logout();
          }}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}
