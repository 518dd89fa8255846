// The one place that reads build-time environment variables.
const rawApiUrl = import.meta.env.VITE_API_URL ?? '';

export const config = {
  /** API base address without a trailing slash; empty = same origin (D1). */
  apiBaseUrl: rawApiUrl.replace(/\/+$/, ''),
  apiTimeoutMs: 30_000,
  tokenRefreshIntervalMs: 1_500_000,
  sessionLifetimeMs: 24 * 60 * 60 * 1000,
  rememberedSessionLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  toastAutoCloseMs: 5000,
  healthPollMs: 300_000,
  chunkLoadTimeoutMs: 120_000,
  /** How long the full app waits for its first page's chunk before mounting with that page's spinner. */
  firstPageWaitMs: 3_000,
  headerShrinkScrollPx: 10,
  errorBoundaryCriticalThreshold: 3,
} as const;
