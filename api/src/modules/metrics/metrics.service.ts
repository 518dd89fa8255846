import { Injectable } from '@nestjs/common';

export interface MetricsSnapshot {
  uptime_seconds: number;
  requests: { total: number; errors: number; by_status: Record<string, number> };
  latency_ms: { p50: number; p95: number; p99: number };
}

const WINDOW = 10_000;

/** Request counters and a rolling latency window (last 10,000 requests), fed by an onResponse hook. */
@Injectable()
export class MetricsService {
  private readonly startedAt = process.hrtime.bigint();
  private total = 0;
  private errors = 0;
  private readonly byStatus = new Map<number, number>();
  private readonly latencies = new Float64Array(WINDOW);
  private filled = 0;
  private cursor = 0;

  record(statusCode: number, durationMs: number): void {
    this.total += 1;
    if (statusCode >= 500) this.errors += 1;
    this.byStatus.set(statusCode, (this.byStatus.get(statusCode) ?? 0) + 1);
    this.latencies[this.cursor] = durationMs;
    this.cursor = (this.cursor + 1) % WINDOW;
    if (this.filled < WINDOW) this.filled += 1;
  }

  uptimeSeconds(): number {
    return Number(process.hrtime.bigint() - this.startedAt) / 1e9;
  }

  snapshot(): MetricsSnapshot {
    const sorted = Array.from(this.latencies.subarray(0, this.filled)).sort((a, b) => a - b);
    const pct = (p: number): number => {
      if (sorted.length === 0) return 0;
      const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
      return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
    };
    const byStatus: Record<string, number> = {};
    for (const [status, count] of [...this.byStatus.entries()].sort((a, b) => a[0] - b[0]))
      byStatus[String(status)] = count;
    return {
      uptime_seconds: Math.round(this.uptimeSeconds()),
      requests: { total: this.total, errors: this.errors, by_status: byStatus },
      latency_ms: { p50: pct(50), p95: pct(95), p99: pct(99) },
    };
  }
}
