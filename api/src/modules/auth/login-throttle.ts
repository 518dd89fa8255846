import { Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { isLimited, limitKey, RateLimitService } from '../../common/rate-limit/rate-limit.service';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Login throttling with growing delays instead of a lockout (OWASP Authentication cheat sheet;
 * SECURITY rows 3 and 31; issue 25 §3). Each dimension has a number of free failures and then a
 * wait before each further attempt that doubles with every failure (30 s, 1 min, 2 min … 15 min).
 *
 * A known device (a signed device cookie, see device-cookie.ts, that signed in to this account
 * before) is throttled on one dimension only:
 * - one account from that device: its own failures slow it down; guesses from anywhere else never
 *   do, so the owner's usual devices always get in.
 *
 * Any other attempt (a new device, or a request without the cookie, as a script's would be):
 * - one account from one address: always applies;
 * - one account from every address not known for it (distributed guessing: a global per-account
 *   slow-down), and
 * - one address across accounts not known from it (password spraying):
 *   these two skip addresses that signed in to the account before (kept 90 days).
 * The per-account slow-down never locks the owner out for good: a sign-in link by e-mail
 * (login-link.service.ts) signs in without it and makes that device known.
 *
 * While a wait runs the answer is 429 with Retry-After, and the password is not checked (so the
 * throttle tells nothing about it). Counters live in the shared rate-limit store.
 */
export const LOGIN_THROTTLE = {
  accountDevice: { free: 10, windowSeconds: DAY },
  accountAddress: { free: 10, windowSeconds: DAY },
  account: { free: 20, windowSeconds: DAY },
  address: { free: 100, windowSeconds: DAY },
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  knownAddressSeconds: 90 * DAY,
  knownDeviceSeconds: 365 * DAY,
} as const;

/** The wait after the n-th failure in a row of a dimension with `free` free failures (0: none). */
export function delayAfterFailure(n: number, free: number): number {
  if (n < free) return 0;
  const { firstDelaySeconds, maxDelaySeconds } = LOGIN_THROTTLE;
  return Math.min(firstDelaySeconds * 2 ** Math.min(n - free, 30), maxDelaySeconds);
}

interface Dimension {
  free: number;
  counter: RateLimiterAbstract;
  gate: RateLimiterAbstract;
}

interface Taken {
  dimension: Dimension;
  key: string;
  failures: number;
}

export type LoginAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; succeeded(): Promise<void>; failed(): Promise<void> };

@Injectable()
export class LoginThrottle {
  private readonly accountDevice: Dimension;
  private readonly accountAddress: Dimension;
  private readonly account: Dimension;
  private readonly address: Dimension;
  private readonly known: RateLimiterAbstract;
  private readonly knownDevices: RateLimiterAbstract;

  constructor(private readonly limits: RateLimitService) {
    const dimension = (name: string, free: number, windowSeconds: number): Dimension => ({
      free,
      // Failures in a row (points are never refused: the gate does the refusing).
      counter: limits.limiter({
        name: `login_fail_${name}`,
        points: 1_000_000,
        durationSeconds: windowSeconds,
      }),
      // One attempt per wait: armed (blocked) after a failure, then one consume per window.
      gate: limits.limiter({ name: `login_wait_${name}`, points: 1, durationSeconds: 1 }),
    });
    const { accountDevice, accountAddress, account, address } = LOGIN_THROTTLE;
    this.accountDevice = dimension('acct_dev', accountDevice.free, accountDevice.windowSeconds);
    this.accountAddress = dimension('acct_ip', accountAddress.free, accountAddress.windowSeconds);
    this.account = dimension('acct', account.free, account.windowSeconds);
    this.address = dimension('ip', address.free, address.windowSeconds);
    this.known = limits.limiter({
      name: 'login_known',
      points: 1,
      durationSeconds: LOGIN_THROTTLE.knownAddressSeconds,
    });
    this.knownDevices = limits.limiter({
      name: 'login_known_dev',
      points: 1,
      durationSeconds: LOGIN_THROTTLE.knownDeviceSeconds,
    });
  }

  /** Marks `device` as known for `email` (after a sign-in by e-mailed link). */
  async markDeviceKnown(email: string, device: string): Promise<void> {
    try {
      const key = limitKey('account-device', email, device);
      await this.knownDevices.set(key, 1, LOGIN_THROTTLE.knownDeviceSeconds);
    } catch (err) {
      throw this.limits.unavailable(err);
    }
  }

  /**
   * Starts an attempt for `email` from `ip`. Refused → the seconds to wait. Allowed → report the
   * outcome with succeeded() or failed() once the password has been checked.
   */
  async begin(email: string, ip: string, device: string | null = null): Promise<LoginAttempt> {
    try {
      return await this.beginUnsafe(email, ip, device);
    } catch (err) {
      throw this.limits.unavailable(err);
    }
  }

  private async beginUnsafe(email: string, ip: string, device: string | null): Promise<LoginAttempt> {
    const pairKey = limitKey('account-address', email, ip);
    const deviceKey = device === null ? null : limitKey('account-device', email, device);
    const knownDevice = deviceKey !== null && (await this.knownDevices.get(deviceKey)) !== null;
    const applicable: [Dimension, string][] = [];
    if (knownDevice) {
      applicable.push([this.accountDevice, deviceKey]);
    } else {
      const knownAddress = (await this.known.get(pairKey)) !== null;
      applicable.push([this.accountAddress, pairKey]);
      if (!knownAddress)
        applicable.push([this.account, limitKey('account', email)], [this.address, limitKey('address', ip)]);
    }

    // A wait already running: refuse without counting anything.
    let wait = 0;
    for (const [dimension, key] of applicable) wait = Math.max(wait, await this.waitOf(dimension, key));
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };

    // Count the attempt before the password is checked, so parallel attempts cannot all pass
    // as "free": past the free failures each one must take the dimension's one slot per wait.
    const taken: Taken[] = [];
    for (const [dimension, key] of applicable) {
      const res = await dimension.counter.penalty(key);
      const entry = { dimension, key, failures: res.consumedPoints };
      taken.push(entry);
      if (entry.failures <= dimension.free) continue;
      try {
        await dimension.gate.consume(key, 1, {
          customDuration: delayAfterFailure(entry.failures - 1, dimension.free),
        });
      } catch (err) {
        if (!isLimited(err)) throw err;
        // Lost the race for the slot: not an attempt, so it is not counted.
        for (const t of taken) await t.dimension.counter.reward(t.key);
        return { allowed: false, retryAfterSeconds: Math.max(1, err.msBeforeNext / 1000) };
      }
    }

    return {
      allowed: true,
      succeeded: async () => {
        if (knownDevice) {
          // The device starts afresh; nothing else changes (others at its address, an office's
          // shared connection say, keep their count).
          await this.accountDevice.counter.delete(deviceKey);
          await this.accountDevice.gate.delete(deviceKey);
          await this.knownDevices.set(deviceKey, 1, LOGIN_THROTTLE.knownDeviceSeconds);
          return;
        }
        // The pair starts afresh and the device becomes known; the account's and the address's
        // counts keep the failures of others (an attacker must not clear them by signing in to
        // an account of their own).
        await this.accountAddress.counter.delete(pairKey);
        await this.accountAddress.gate.delete(pairKey);
        for (const t of taken)
          if (t.dimension !== this.accountAddress) await t.dimension.counter.reward(t.key);
        await this.known.set(pairKey, 1, LOGIN_THROTTLE.knownAddressSeconds);
        if (deviceKey !== null) await this.knownDevices.set(deviceKey, 1, LOGIN_THROTTLE.knownDeviceSeconds);
      },
      failed: async () => {
        for (const t of taken) {
          const seconds = delayAfterFailure(t.failures, t.dimension.free);
          if (seconds > 0) await t.dimension.gate.block(t.key, seconds);
        }
      },
    };
  }

  private async waitOf(dimension: Dimension, key: string): Promise<number> {
    const res = await dimension.gate.get(key);
    // Armed by block() (points + 1) or its one slot taken by an attempt in progress.
    if (!res || res.consumedPoints < 1 || res.msBeforeNext <= 0) return 0;
    return Math.max(1, res.msBeforeNext / 1000);
  }
}
