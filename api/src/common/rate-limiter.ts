import { Injectable } from '@nestjs/common';
import { Clock } from './clock';

interface Bucket {
  hits: number[];
}

/**
 * Sliding-window counters kept in memory (one process serves the app; see api/README.md).
 * `hit` counts an event; `isLimited` asks whether a key already reached its limit.
 */
@Injectable()
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  count(key: string, windowMs: number): number {
    const now = this.clock.nowMs();
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    bucket.hits = bucket.hits.filter((t) => t > now - windowMs);
    return bucket.hits.length;
  }

  isLimited(key: string, limit: number, windowMs: number): boolean {
    return this.count(key, windowMs) >= limit;
  }

  hit(key: string, windowMs: number): number {
    const now = this.clock.nowMs();
    this.sweep(now, windowMs);
    const bucket = this.buckets.get(key) ?? { hits: [] };
    bucket.hits = bucket.hits.filter((t) => t > now - windowMs);
    bucket.hits.push(now);
    this.buckets.set(key, bucket);
    return bucket.hits.length;
  }

  /** Counts the event and tells whether it went over the limit (the limit-th+1 event is refused). */
  consume(key: string, limit: number, windowMs: number): boolean {
    if (this.isLimited(key, limit, windowMs)) return false;
    this.hit(key, windowMs);
    return true;
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.hits.every((t) => t <= now - Math.max(windowMs, 3_600_000))) this.buckets.delete(key);
    }
  }
}
