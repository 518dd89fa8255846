import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePrefetchPagesOnIntent } from '../prefetch-on-intent';
import { RouteFocus } from './RouteFocus';

/** Scrolls to the top on every route change (anchors scroll to their target instead). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
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
