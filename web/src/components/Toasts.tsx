import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { config } from '../lib/config';

// Below the sticky headers (public 5 rem, portal 4 rem) so a toast never covers Logout or the
// account menu; inline, so it also wins over the library's phone rule that pins toasts to the top.
export const TOAST_TOP = 'calc(5.5rem + env(safe-area-inset-top, 0px))';

/** Toasts: top-right under the header, close after 5000 ms, pause on hover, draggable. Raise them with `lib/toast`. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      style={{ top: TOAST_TOP }}
      autoClose={config.toastAutoCloseMs}
      pauseOnHover
      draggable
      closeOnClick={false}
      newestOnTop
      transition={Bounce}
    />
  );
}
