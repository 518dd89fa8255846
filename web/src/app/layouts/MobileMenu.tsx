import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { AppLink, useNav } from '../nav-context';
import { serviceGroups } from '../../features/public/service-catalogue';
import { MAIN_NAV } from './nav';
import { useFocusTrap } from './use-focus-trap';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** Menu below the md breakpoint: a modal panel that keeps focus inside while open. */
export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const { isAuthenticated, mobileAccount } = useNav();
  useFocusTrap(panel, open);

  if (!open) return null;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2.5 text-base font-medium no-underline ${isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-800 hover:bg-ink-50'}`;

  // Portalled to <body>: the header's backdrop filter would otherwise clip a fixed overlay.
  return createPortal(
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
                {/* Mobile navigation uses /servicesoverview for Services (site spec section 2). */}
                <AppLink
                  to={item.to === '/services' ? '/servicesoverview' : item.to}
                  end={item.to === '/'}
                  className={linkClass}
                >
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 space-y-4 border-t border-ink-100 pt-4">
            {serviceGroups().map(({ category, pages }) => (
              <div key={category.id}>
                <p className="eyebrow px-3 text-xs">{category.label}</p>
                <ul className="mt-1">
                  {pages.map((p) => (
                    <li key={p.id}>
                      <AppLink
                        to={p.path}
                        className="block rounded-lg px-3 py-1.5 text-sm text-ink-700 no-underline hover:bg-ink-50"
                      >
                        {p.title}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="mt-4 border-t border-ink-100 pt-4">
          {isAuthenticated && mobileAccount ? (
            mobileAccount
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <AppLink to="/login" className="btn btn-secondary">
                Log in
              </AppLink>
              <AppLink to="/signup" className="btn btn-primary">
                Sign up
              </AppLink>
            </div>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
