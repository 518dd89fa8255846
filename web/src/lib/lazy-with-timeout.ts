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

/**
 * React.lazy with a load timeout. A failed or timed-out import throws while rendering, so the
 * nearest ErrorBoundary shows its screen instead of a blank page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTimeout<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  timeoutMs: number = config.chunkLoadTimeoutMs,
): LazyExoticComponent<C> {
  return lazy(() => importWithTimeout(load, timeoutMs));
}
