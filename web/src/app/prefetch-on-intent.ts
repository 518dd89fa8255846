// Starts fetching a page's chunk when a visitor shows they are about to open it: the pointer over
// a link, the focus on it, a touch. By the click the chunk is usually here, and the page renders
// at once instead of behind a spinner (which React keeps on screen at least 300 ms). A link to a
// questionnaire warms its light first step, its definition and then SurveyJS (prefetch-page.ts).
import { useEffect } from 'react';
import { prefetchPage } from './prefetch-page';

const SAME_SITE_LINK = 'a[href^="/"]';

function onIntent(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest(SAME_SITE_LINK) : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  void prefetchPage(link.pathname);
}

/** Prefetches on hover, focus or touch of any link to a page with a chunk of its own, app-wide. */
export function usePrefetchPagesOnIntent(): void {
  useEffect(() => {
    const kinds = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const kind of kinds) document.addEventListener(kind, onIntent, { passive: true });
    return () => {
      for (const kind of kinds) document.removeEventListener(kind, onIntent);
    };
  }, []);
}
