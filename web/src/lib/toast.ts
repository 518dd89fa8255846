// eslint-disable-next-line no-restricted-imports -- the one wrapper around react-toastify's toast
import { toast as toastify, type Id, type ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warn';

// The one way the app raises a toast. Each toast's id is its kind and text, so the same message
// raised twice while the first is still on screen (a double submit, a re-run effect) shows once.
function show(kind: Kind, message: string, options?: ToastOptions): Id {
  return toastify[kind](message, { toastId: `${kind}:${message}`, ...options });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warn: (message: string, options?: ToastOptions) => show('warn', message, options),
  /** Takes a toast off screen once what it said is no longer true (e.g. "log in to submit" after login). */
  dismiss: (kind: Kind, message: string) => toastify.dismiss(`${kind}:${message}`),
};
