import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { config } from '../lib/config';

/** Toasts: top-right, close after 5000 ms, pause on hover, draggable. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={config.toastAutoCloseMs}
      pauseOnHover
      draggable
      closeOnClick={false}
      newestOnTop
      transition={Bounce}
    />
  );
}
