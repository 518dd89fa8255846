import type { Location } from 'react-router-dom';

/** Where to go after sign-in: the location ProtectedRoute kept, else the portal. */
export function redirectTargetFrom(state: unknown, fallback = '/portal'): string {
  if (state === null || typeof state !== 'object') return fallback;
  const from = (state as { from?: Partial<Location> | string }).from;
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : fallback;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return fallback;
  if (from.pathname === '/login' || from.pathname === '/signup') return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
