// Navigation seam for the parts of the public layout that also render in the light first-page
// shell (header, footer, home page). The shell must not import react-router or Redux, so these
// components navigate through this context: in the full app it is backed by the router and the
// session; in the shell, navigating loads the full app (see main.tsx).
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface NavApi {
  pathname: string;
  navigate: (to: string) => void;
  isAuthenticated: boolean;
  /** The signed-in user's header menu (full app only). */
  accountMenu?: ReactNode;
  /** The signed-in user's block inside the mobile menu (full app only). */
  mobileAccount?: ReactNode;
}

export const NavContext = createContext<NavApi>({
  pathname: typeof window === 'undefined' ? '/' : window.location.pathname,
  navigate: (to) => window.location.assign(to),
  isAuthenticated: false,
});

export function useNav(): NavApi {
  return useContext(NavContext);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  to: string;
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on an exact match (like NavLink's end). */
  end?: boolean;
}

export function isActivePath(pathname: string, to: string, end = false): boolean {
  const target = to.split(/[?#]/, 1)[0] ?? to;
  if (end || target === '/') return pathname === target;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** An <a> that navigates inside the app; modifier clicks and new tabs behave as normal links. */
export function AppLink({ to, className, end, onClick, target, children, ...rest }: AppLinkProps) {
  const nav = useNav();
  const active = isActivePath(nav.pathname, to, end);
  const resolvedClass = typeof className === 'function' ? className({ isActive: active }) : className;
  return (
    <a
      href={to}
      className={resolvedClass}
      target={target}
      aria-current={typeof className === 'function' && active ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || target === '_blank' || !isPlainLeftClick(event)) return;
        event.preventDefault();
        nav.navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
