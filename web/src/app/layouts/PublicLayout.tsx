import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageSpinner } from '../../components/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouterNav } from './RouterNav';

/** Public layout: sticky header, page, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  // Focus after a navigation: RouteFocus (the new page's heading).
  return (
    <RouterNav>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
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
