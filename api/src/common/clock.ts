import { Injectable } from '@nestjs/common';

const DAY_MS = 86_400_000;

/**
 * Days the business date is moved by `RECLAIM_CLOCK_OFFSET` (`+30d`, `-2d`, `45`): for trying a
 * scheduled definition version before its date (e.g. an end-to-end test or a staging server).
 * Refused in production, so no one can make a live server answer with another day's rules.
 */
export function clockOffsetDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RECLAIM_CLOCK_OFFSET?.trim();
  if (!raw) return 0;
  if (env.NODE_ENV === 'production') {
    throw new Error('RECLAIM_CLOCK_OFFSET must not be set in production');
  }
  const match = /^([+-]?\d{1,5})d?$/.exec(raw);
  if (!match) throw new Error(`RECLAIM_CLOCK_OFFSET must be whole days such as +30d or -2d, got ${raw}`);
  return Number(match[1]);
}

// Time source for token lifetimes and rate-limit windows, replaceable in tests
// (`vi.spyOn(app.get(Clock), 'now')`) so expiry can be checked to the second. `today()` is the
// business date that chooses a definition version (versionInForce): tests move it with
// `vi.spyOn(app.get(Clock), 'today')`, a non-production server with RECLAIM_CLOCK_OFFSET.
@Injectable()
export class Clock {
  private readonly offsetDays = clockOffsetDays();

  now(): Date {
    return new Date();
  }

  nowMs(): number {
    return this.now().getTime();
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Today's business date (UTC) as YYYY-MM-DD, moved by RECLAIM_CLOCK_OFFSET outside production. */
  today(): string {
    return new Date(this.nowMs() + this.offsetDays * DAY_MS).toISOString().slice(0, 10);
  }
}
