/**
 * A dependency's state (up or not), probed at most once per `ttlMs` and for at most `timeoutMs`:
 * the health check is polled by load balancers and benchmarked, so it answers from the last probe
 * while that is fresh instead of calling Redis or S3 on every request. Callers arriving while a
 * probe runs share it.
 */
export class CachedProbe {
  private last: { up: boolean; at: number } | null = null;
  private running: Promise<boolean> | null = null;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** The state at once when the last probe is fresh, else the next probe's. */
  current(): boolean | Promise<boolean> {
    if (this.last !== null && performance.now() - this.last.at < this.ttlMs) return this.last.up;
    return (this.running ??= this.run());
  }

  private async run(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    try {
      const up = await Promise.race([
        this.probe().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
      this.last = { up, at: performance.now() };
      return up;
    } finally {
      clearTimeout(timer);
      this.running = null;
    }
  }
}
