import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageSpinner } from '../../components/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouterNav } from './RouterNav';

/** Public layout: sticky header, page, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  // After a navigation, focus moves to the new page so keyboard and screen-reader users start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <RouterNav>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main ref={main} id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <ErrorBoundary component="this page" resetKeys={[pathname]}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </RouterNav>
  );
}
