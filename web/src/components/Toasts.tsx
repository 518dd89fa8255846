import { useSyncExternalStore } from 'react';
import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { config } from '../lib/config';

// Below the sticky headers (public 5 rem, portal 4 rem) so a toast never covers Logout or the
// account menu; inline, so it also wins over the library's phone rule that pins toasts to the top.
export const TOAST_TOP = 'calc(5.5rem + env(safe-area-inset-top, 0px))';

/** The library's own phone breakpoint: at or below it a toast spans the whole width. */
export const PHONE_QUERY = '(max-width: 480px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * Toasts: top-right under the header on wider screens; on a phone (full width) at the bottom of
 * the screen, so they never cover the page heading or the navigation. Close after 5000 ms, pause on
 * hover, draggable. Raise them with `lib/toast`.
 */
export function Toasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-right'}
      style={phone ? undefined : { top: TOAST_TOP }}
      autoClose={config.toastAutoCloseMs}
      pauseOnHover
      draggable
      closeOnClick={false}
      newestOnTop
      transition={Bounce}
    />
  );
}
