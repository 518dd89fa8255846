import { useSyncExternalStore } from 'react';
import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { config } from '../lib/config';

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
 * Toasts at the bottom of the screen: bottom-right on wider screens, full width at the bottom on a
 * phone. A page keeps its heading and its actions at the top (e.g. a claim's "View assessment
 * results" beside its title, under where a top-right toast used to sit), the headers and the
 * navigation are at the top or the left, and nothing is pinned to the bottom of any page. Close
 * after 5000 ms, pause on hover, draggable. Raise them with `lib/toast`.
 */
export function Toasts() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'bottom-right'}
      autoClose={config.toastAutoCloseMs}
      pauseOnHover
      draggable
      closeOnClick={false}
      newestOnTop
      transition={Bounce}
    />
  );
}
