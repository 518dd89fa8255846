import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/use-auth';
import { LoadingState } from '../../components/States';
import { displayNameOf } from '../../lib/display-name';
import { ADMIN_NAV, CLIENT_NAV, isNavItemActive, type PortalNavItem } from './navigation';
import { useGetUnreadCountQuery } from './portalApi';

const UNREAD_POLL_MS = 60_000;
// The top bar and sidebar are dark: their focus ring is light so keyboard users can see it.
const darkFocus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-300';

function NavList({
  items,
  pathname,
  unread,
  onLogout,
  idPrefix,
}: {
  items: readonly PortalNavItem[];
  pathname: string;
  unread: number;
  onLogout: () => void;
  idPrefix: string;
}) {
  return (
    <>
      <ul className="space-y-1">
        {items.map((item) => {
          const active = isNavItemActive(item.path, pathname);
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                id={`${idPrefix}-${item.path.replace(/\W+/g, '-')}`}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center justify-between rounded-md px-3 py-2 text-sm font-medium ${darkFocus} ${
                  active ? 'bg-accent-600 text-white' : 'text-brand-100 hover:bg-brand-800 hover:text-white'
                }`}
              >
                <span>{item.label}</span>
                {item.label === 'Messages' && unread > 0 ? (
                  <span
                    className="ml-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-ink-900"
                    aria-label={`${unread} unread`}
                  >
                    {unread}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 space-y-1 border-t border-brand-700 pt-4">
        <Link
          to="/"
          className={`block rounded-md px-3 py-2 text-sm text-brand-100 hover:bg-brand-800 hover:text-white ${darkFocus}`}
        >
          Return to Website
        </Link>
        <button
          type="button"
          onClick={onLogout}
          className={`block w-full rounded-md px-3 py-2 text-left text-sm text-brand-100 hover:bg-brand-800 hover:text-white ${darkFocus}`}
        >
          Logout
        </button>
      </div>
    </>
  );
}

export default function PortalLayout() {
  const { user, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const { data: unreadData } = useGetUnreadCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS });

  const items = isAdmin ? ADMIN_NAV : CLIENT_NAV;
  const title = isAdmin ? 'Admin Portal' : 'Client Portal';
  const name = displayNameOf(user);
  const unread = unreadData?.unread ?? 0;

  // The menu closes whenever the route changes (RootShell scrolls the new page to its top).
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return undefined;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const handleLogout = useCallback(() => {
    void Promise.resolve(logout()).finally(() => {
      void navigate('/login', { replace: true });
    });
  }, [logout, navigate]);

  return (
    <div className="min-h-screen bg-ink-50">
      <a
        href="#portal-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-brand-800 bg-brand-950 text-white">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <button
            ref={toggleRef}
            type="button"
            className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-brand-100 hover:bg-brand-800 md:hidden ${darkFocus}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
          <p className="text-lg font-semibold tracking-tight">{title}</p>
          <div className="ml-auto flex items-center gap-3 text-sm sm:gap-5">
            <Link
              to="/"
              className={`hidden rounded-sm text-brand-100 no-underline hover:text-white sm:inline ${darkFocus}`}
            >
              Website
            </Link>
            <span className="hidden max-w-[16rem] truncate text-brand-100 sm:inline">
              Logged in as <span className="font-medium text-white">{name}</span>
            </span>
            <button
              type="button"
              onClick={handleLogout}
              className={`rounded-md border border-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-800 ${darkFocus}`}
            >
              Logout
            </button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            ref={menuRef}
            id={menuId}
            aria-label="Portal menu"
            className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-brand-800 bg-brand-950 px-4 pb-4 pt-3 md:hidden"
          >
            <div className="mb-3 flex items-center justify-between text-sm text-brand-100 sm:hidden">
              <span className="truncate">
                Logged in as <span className="font-medium text-white">{name}</span>
              </span>
              <Link to="/" className={`rounded-sm text-brand-100 hover:text-white ${darkFocus}`}>
                Website
              </Link>
            </div>
            <NavList
              items={items}
              pathname={pathname}
              unread={unread}
              onLogout={handleLogout}
              idPrefix="mobile"
            />
          </nav>
        ) : null}
      </header>
      <div className="flex min-h-[calc(100vh-4rem)]">
        <aside className="hidden w-64 shrink-0 bg-brand-900 md:block">
          <nav
            aria-label="Portal navigation"
            className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto px-3 py-6"
          >
            <NavList
              items={items}
              pathname={pathname}
              unread={unread}
              onLogout={handleLogout}
              idPrefix="side"
            />
          </nav>
        </aside>
        <main id="portal-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            <Suspense fallback={<LoadingState label="Loading page…" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
