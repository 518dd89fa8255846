import type { User } from '../../auth/types';

// Registration signs the new client in (last_login = date_joined); a later login moves last_login
// on. Within this window of joining, the client is new to the portal.
const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/** "Welcome" for an account on its first visit, "Welcome back" after that. */
export function greetingFor(user: Pick<User, 'date_joined' | 'last_login'> | null | undefined): string {
  if (!user) return 'Welcome';
  const joined = Date.parse(user.date_joined);
  const lastLogin = user.last_login === null ? joined : Date.parse(user.last_login);
  if (Number.isNaN(joined) || Number.isNaN(lastLogin)) return 'Welcome';
  return lastLogin - joined < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
}
