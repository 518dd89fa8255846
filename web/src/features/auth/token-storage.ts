// Tokens and the local session expiry live in localStorage (site spec section 4).
import { config } from '../../lib/config';

const KEYS = {
  access: 'reclaim.auth.access',
  refresh: 'reclaim.auth.refresh',
  expiresAt: 'reclaim.auth.expiresAt',
  remember: 'reclaim.auth.remember',
} as const;

export interface Tokens {
  access: string;
  refresh?: string | undefined;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(KEYS.access);
}

export function getRefreshToken(): string | null {
  return read(KEYS.refresh);
}

export function getSessionExpiry(): number | null {
  const raw = read(KEYS.expiresAt);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function isRemembered(): boolean {
  return read(KEYS.remember) === 'true';
}

/** Starts a session: the expiry is 1 day after login, 30 days with "remember me". */
export function startSession(tokens: Tokens, remember: boolean, now: number = Date.now()): void {
  const lifetime = remember ? config.rememberedSessionLifetimeMs : config.sessionLifetimeMs;
  localStorage.setItem(KEYS.access, tokens.access);
  if (tokens.refresh) localStorage.setItem(KEYS.refresh, tokens.refresh);
  else localStorage.removeItem(KEYS.refresh);
  localStorage.setItem(KEYS.expiresAt, String(now + lifetime));
  localStorage.setItem(KEYS.remember, String(remember));
}

/** Stores refreshed tokens; the session expiry set at login does not move. */
export function updateTokens(tokens: Tokens): void {
  localStorage.setItem(KEYS.access, tokens.access);
  if (tokens.refresh) localStorage.setItem(KEYS.refresh, tokens.refresh);
}

export function clearTokens(): void {
  for (const key of Object.values(KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
}

export function isSessionExpired(now: number = Date.now()): boolean {
  const expiry = getSessionExpiry();
  return expiry === null || now >= expiry;
}

/** True when tokens are stored and the local expiry has not passed. */
export function hasLiveSession(now: number = Date.now()): boolean {
  return getAccessToken() !== null && !isSessionExpired(now);
}
