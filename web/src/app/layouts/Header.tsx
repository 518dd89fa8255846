import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Logo } from '../../components/Logo';
import { AppLink, useNav } from '../nav-context';
import { config } from '../../lib/config';
import { MobileMenu } from './MobileMenu';
import { MAIN_NAV } from './nav';
import { ServicesMegaMenu } from './ServicesMegaMenu';

export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium no-underline transition-colors ${
    active ? 'text-brand-800 bg-brand-50' : 'text-ink-700 hover:text-ink-900 hover:bg-ink-50'
  }`;

/** Sticky header that shrinks after 10 px of scroll. */
export function Header() {
  const scrolled = useScrolledPast(config.headerShrinkScrollPx);
  const { isAuthenticated, accountMenu, pathname } = useNav();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    toggle.current?.focus();
  }, []);

  // Closes on route change.
  useEffect(() => setMenuOpen(false), [pathname]);
  // Closes on Escape.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-30 border-b bg-white/95 backdrop-blur transition-all duration-200 ${
        scrolled ? 'border-ink-200 shadow-sm' : 'border-transparent'
      }`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div
        className={`mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-all duration-200 sm:px-6 lg:px-8 ${scrolled ? 'h-14' : 'h-20'}`}
      >
        <AppLink to="/" className="flex shrink-0 items-center" aria-label="Reclaim home">
          <Logo className={`w-auto transition-all duration-200 ${scrolled ? 'h-7' : 'h-9'}`} />
        </AppLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) =>
            item.to === '/services' ? (
              <ServicesMegaMenu key={item.to} linkClass={linkClass} />
            ) : (
              <AppLink
                key={item.to}
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) => linkClass(isActive)}
              >
                {item.label}
              </AppLink>
            ),
          )}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {isAuthenticated && accountMenu ? (
            accountMenu
          ) : (
            <>
              <AppLink to="/login" className={({ isActive }) => linkClass(isActive)}>
                Log in
              </AppLink>
              <AppLink to="/signup" className="btn btn-primary">
                Sign up
              </AppLink>
            </>
          )}
        </div>
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </div>
      <MobileMenu id={menuId} open={menuOpen} onClose={closeMenu} />
    </header>
  );
}
