import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { PublicShell } from './app/PublicShell';
import { hasLiveSession } from './features/auth/token-storage';
import { config } from './lib/config';
import { importWithTimeout } from './lib/lazy-with-timeout';
import { logger } from './lib/logger';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');
const rootElement: HTMLElement = container;
const root = createRoot(container);

let starting: Promise<void> | null = null;
let pendingTarget: string | undefined;
/**
 * Loads the full app, then the chunk of the page it opens on (app/page-chunks.ts, which comes
 * with the app so that this first chunk stays small), then mounts it: the page renders in the
 * first pass, without a spinner. With `to`, the address changes once the app is ready to show it.
 */
function startApp(to?: string): void {
  if (to !== undefined) pendingTarget = to;
  starting ??= importWithTimeout(() => import('./app/App'))
    .then(async ({ mountApp, prefetchPage }) => {
      const path = new URL(pendingTarget ?? window.location.href, window.location.href).pathname;
      // a chunk slower than firstPageWaitMs (a failing network) is left to the page's spinner and error screen
      await Promise.race([
        prefetchPage(path),
        new Promise((resolve) => setTimeout(resolve, config.firstPageWaitMs)),
      ]);
      if (pendingTarget !== undefined) window.history.pushState(null, '', pendingTarget);
      mountApp(root, { navigated: pendingTarget !== undefined });
      // A page prerendered at build time (issue 31) is now the app's: the marker says so.
      rootElement.removeAttribute('data-prerendered');
    })
    .catch((error: unknown) => {
      logger.error('The application could not be loaded', error);
      // A full page load retries the chunks and shows the server's copy of the page.
      window.location.reload();
    });
}

const nameOf = (button: Element): string =>
  (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
let replay: MutationObserver | undefined;
/**
 * A button of the prerendered page (the header's menu; a form's are disabled) does nothing until
 * the app, or on `/` the light shell, has rendered over the page: pressed meanwhile, it is pressed
 * again once the rendered page is in (the button at the same place among the page's buttons, with
 * the same name), so the press is not lost. Only the last press is kept.
 */
function replayOnceRendered(pressed: HTMLButtonElement): void {
  const index = Array.from(rootElement.querySelectorAll('button')).indexOf(pressed);
  const name = nameOf(pressed);
  replay?.disconnect();
  const observer = new MutationObserver(() => {
    if (pressed.isConnected) return;
    observer.disconnect();
    // after the rendered page's effects (the header closes its menu on mount), i.e. after a frame
    requestAnimationFrame(() =>
      setTimeout(() => {
        const again = rootElement.querySelectorAll('button')[index];
        if (again?.isConnected && nameOf(again) === name) again.click();
      }, 0),
    );
  });
  replay = observer;
  // React replaces the prerendered nodes (the root's children) in one commit
  observer.observe(rootElement, { childList: true });
}

/**
 * A page prerendered at build time (issue 31) is plain HTML until the app has mounted: a click on
 * one of its same-site links then goes to the app (as the light shell's do) instead of loading a
 * new document and the whole app again; a button pressed meanwhile is pressed again once the app
 * has rendered.
 */
function takeOverLinkClicks(): void {
  const onClick = (event: MouseEvent): void => {
    if (!rootElement.hasAttribute('data-prerendered')) {
      document.removeEventListener('click', onClick, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && rootElement.contains(button) && !button.disabled) {
      replayOnceRendered(button);
      return;
    }
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    startApp(url.pathname + url.search + url.hash);
  };
  document.addEventListener('click', onClick, true);
}

if (rootElement.hasAttribute('data-prerendered')) takeOverLinkClicks();
// A visitor opening the home page gets the light shell; everything else starts the full app. The
// home page is prerendered too (issue 31): the shell renders the same markup over it at once.
if (window.location.pathname === '/' && !hasLiveSession()) {
  window.addEventListener('popstate', () => startApp(), { once: true });
  root.render(
    <StrictMode>
      <PublicShell startApp={startApp} onMounted={() => rootElement.removeAttribute('data-prerendered')} />
    </StrictMode>,
  );
} else {
  startApp();
}
