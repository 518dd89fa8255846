import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const SITE_TITLE = 'Reclaim | UK tax reclaims and tax relief';
const HEADING = 'main h1';
// A lazy page shows its heading once its chunk and data are in; give up after this long.
const WAIT_MS = 15_000;

let focusFirstPage = false;
/** The app mounts after a click in the light first-page shell: its first page is a navigation too. */
export function focusHeadingOnFirstPage(): void {
  focusFirstPage = true;
}

/**
 * Gives every route its own <title> ("<page heading> | Reclaim") and, after an in-app navigation,
 * moves focus to the new page's heading so keyboard and screen-reader users start there (the
 * heading is read out). The first page keeps the browser's focus; a link to an anchor keeps its
 * target.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const firstPage = useRef(!focusFirstPage);
  const previous = useRef<{ element: Element | null; text: string }>({ element: null, text: '' });

  useEffect(() => {
    const moveFocus = !firstPage.current && !hash;
    firstPage.current = false;
    const apply = (): boolean => {
      const h1 = document.querySelector<HTMLElement>(HEADING);
      const text = h1?.textContent?.trim() ?? '';
      if (!h1 || !text) return false;
      // Still the page we are leaving (same element, same words): wait for the new one.
      if (h1 === previous.current.element && text === previous.current.text) return false;
      previous.current = { element: h1, text };
      document.title = pathname === '/' ? SITE_TITLE : `${text} | Reclaim`;
      if (moveFocus) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        h1.focus({ preventScroll: true });
      }
      return true;
    };
    if (apply()) return undefined;
    // Until the lazy page shows its heading, focus waits at the start of the page's content.
    if (moveFocus) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (apply()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return stop;
  }, [pathname, hash]);

  return null;
}
