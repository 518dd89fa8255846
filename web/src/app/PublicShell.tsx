import { useEffect, useMemo } from 'react';
import { NavContext, type NavApi } from './nav-context';
import { Footer } from './layouts/Footer';
import { Header } from './layouts/Header';
import { HomePage } from '../features/public/pages/HomePage';

/**
 * The home page for a visitor's first load, without the router, the store or the toasts, so
 * `/` ships little JavaScript. Any navigation (a link, Back/Forward) starts the full app, which
 * takes over the same root at the new address.
 */
export function PublicShell({
  startApp,
  onMounted,
}: {
  startApp: (to?: string) => void;
  /** Called once the shell is on screen (main.tsx: the prerendered home page is the shell's now). */
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  const nav = useMemo<NavApi>(
    () => ({
      pathname: window.location.pathname,
      isAuthenticated: false,
      navigate: (to) => startApp(to),
    }),
    [startApp],
  );
  return (
    <NavContext.Provider value={nav}>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <HomePage />
        </main>
        <Footer />
      </div>
    </NavContext.Provider>
  );
}
