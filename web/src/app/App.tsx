import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { store } from './store';
import { createAppRouter } from './router';
import { focusHeadingOnFirstPage } from './layouts/RouteFocus';
import { scrollToTopOnFirstPage } from './layouts/RootShell';
import { setNavigator } from '../lib/navigation';
import { SessionManager } from '../features/auth/SessionManager';
import { Toasts } from '../components/Toasts';

/**
 * The chunk of the page the app opens on (main.tsx waits for it before mounting); a questionnaire
 * also gets its definition fetched beside it, so the light first step (issue 31) can show at once.
 */
export { prefetchPage } from './prefetch-page';

/** The full app: store, session upkeep, router and toasts. */
export function mountApp(root: Root, { navigated = false }: { navigated?: boolean } = {}): void {
  if (navigated) {
    focusHeadingOnFirstPage();
    scrollToTopOnFirstPage();
  }
  const router = createAppRouter();
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  root.render(
    <StrictMode>
      <Provider store={store}>
        <SessionManager />
        <RouterProvider router={router} />
        <Toasts />
      </Provider>
    </StrictMode>,
  );
}
