import { useRef } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/use-auth';
import { SystemHealthDetails } from '../../features/health/SystemHealth';
import { serviceGroups } from '../../features/public/service-catalogue';
import { MAIN_NAV, USER_MENU } from './nav';
import { useFocusTrap } from './use-focus-trap';
import { displayNameOf } from './UserMenu';

const groups = serviceGroups();

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** Menu below the md breakpoint: a modal panel that keeps focus inside while open. */
export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const { isAuthenticated, user, logout } = useAuth();
  useFocusTrap(panel, open);

  if (!open) return null;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2.5 text-base font-medium no-underline ${isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-800 hover:bg-ink-50'}`;

  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div className="absolute inset-0 bg-ink-900/40" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Main menu"
        data-testid="mobile-menu"
        className="absolute inset-y-0 right-0 flex w-[min(22rem,90vw)] flex-col overflow-y-auto bg-white p-4 shadow-2xl"
      >
        <div className="mb-2 flex items-center justify-between">
          <span className="text-sm font-semibold text-ink-500">Menu</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Close
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to === '/services' ? '/servicesoverview' : item.to} end={item.to === '/'} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 space-y-4 border-t border-ink-100 pt-4">
            {groups.map(({ category, pages }) => (
              <div key={category.id}>
                <p className="eyebrow px-3 text-xs">{category.label}</p>
                <ul className="mt-1">
                  {pages.map((p) => (
                    <li key={p.slug}>
                      <Link to={`/services/${p.slug}`} className="block rounded-lg px-3 py-1.5 text-sm text-ink-700 no-underline hover:bg-ink-50">
                        {p.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="mt-4 border-t border-ink-100 pt-4">
          {isAuthenticated ? (
            <>
              <p className="px-3 text-xs text-ink-500">Signed in as</p>
              <p className="truncate px-3 text-sm font-semibold text-ink-900">{user?.email ?? displayNameOf(user)}</p>
              <ul className="mt-2">
                {USER_MENU.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="block rounded-lg px-3 py-2 text-sm text-ink-800 no-underline hover:bg-ink-50">
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
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link to="/login" className="btn btn-secondary">
                Log in
              </Link>
              <Link to="/signup" className="btn btn-primary">
                Sign up
              </Link>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
