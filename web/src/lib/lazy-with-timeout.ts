import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { config } from './config';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when `load` has not settled within `timeoutMs`. */
export function importWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = config.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(`Loading chunk failed: ${message}`));
      },
    );
  });
}

type Chunk = () => Promise<unknown>;
/** Chunks being fetched (one request per chunk however many ask) and chunks fetched, by loader. */
const fetching = new Map<Chunk, Promise<unknown>>();
const fetched = new Map<Chunk, unknown>();

/**
 * Fetches a chunk once, with the load timeout; a failure is forgotten, so a later call retries.
 * The router's pages and the prefetches share it: a page whose chunk a prefetch fetched renders
 * at once (lazyWithTimeout), without its Suspense fallback.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = config.chunkLoadTimeoutMs,
): Promise<T> {
  let promise = fetching.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = importWithTimeout(load, timeoutMs).then(
      (module) => {
        fetched.set(load, module);
        return module;
      },
      (error: unknown) => {
        fetching.delete(load);
        throw error;
      },
    );
    fetching.set(load, promise);
  }
  return promise;
}

/**
 * React.lazy with a load timeout. A failed or timed-out import throws while rendering, so the
 * nearest ErrorBoundary shows its screen instead of a blank page. When the chunk is already
 * fetched (a prefetch, or the first page's chunk, which the app waits for before mounting) the page
 * renders in the same pass: React.lazy accepts any thenable, and one that resolves synchronously
 * never suspends.
 * Otherwise the boundary shows its fallback, and React 19 keeps a fallback on screen at least
 * 300 ms, however fast the chunk then arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTimeout<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  timeoutMs: number = config.chunkLoadTimeoutMs,
): LazyExoticComponent<C> {
  return lazy(() => {
    if (!fetched.has(load)) return loadChunk(load, timeoutMs);
    const module = fetched.get(load) as { default: C };
    const settled: PromiseLike<{ default: C }> = {
      then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(module) : module) as never,
    };
    // the type asks for a Promise; React reads only `then`
    return settled as Promise<{ default: C }>;
  });
}
