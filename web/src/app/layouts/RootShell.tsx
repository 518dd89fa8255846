import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePrefetchPagesOnIntent } from '../prefetch-on-intent';
import { RouteFocus } from './RouteFocus';

let scrollFirstPage = false;
/** The app mounts after a click in a prerendered page or the light shell: its first page is a navigation too. */
export function scrollToTopOnFirstPage(): void {
  scrollFirstPage = true;
}

/**
 * Scrolls to the top on every route change (anchors scroll to their target instead). Not on the
 * page the app opens on, unless a click brought it there: the app can take over a prerendered page
 * the visitor has already scrolled, or a reload the browser has restored, and neither should jump.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null && !scrollFirstPage;
    if (shown.current === pathname + hash) return;
    shown.current = pathname + hash;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (first) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}

export function RootShell() {
  usePrefetchPagesOnIntent();
  return (
    <>
      <ScrollToTop />
      <RouteFocus />
      <Outlet />
    </>
  );
}
