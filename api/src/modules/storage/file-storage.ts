import type { Readable } from 'node:stream';

/** The object is not in the store (deleted, or never written). */
export class StoredFileNotFoundError extends Error {
  constructor(key: string) {
    super(`stored file ${key} not found`);
    this.name = 'StoredFileNotFoundError';
  }
}

/**
 * Where uploaded bytes live, by server-generated key (never a client's file name): local disk
 * under DATA_DIR/uploads/ by default, S3-compatible object storage when S3_* is set. Streams
 * in and out: no whole file is held in memory.
 */
export abstract class FileStorage {
  /** 'local' or 's3', for logs and health. */
  abstract readonly kind: 'local' | 's3';

  /** Checks the store is usable (directory writable, bucket reachable); throws with a clear message. */
  abstract check(): Promise<void>;

  /**
   * Writes `body` under `key`, visible only once complete (a failed write leaves nothing).
   * Rejects if `body` errors; the caller's stream is consumed either way.
   */
  abstract put(key: string, body: Readable): Promise<void>;

  /** The stored bytes; StoredFileNotFoundError when there is no such object. */
  abstract get(key: string): Promise<Readable>;

  /** Removes the object; a missing one is not an error (erasure must be repeatable). */
  abstract delete(key: string): Promise<void>;

  /** Whether the object exists (tests, consistency checks). */
  abstract exists(key: string): Promise<boolean>;

  /** Closes connections. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Keys are server-generated: letters, digits, '-' and '_' only, so no key can leave its place. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(key)) throw new Error(`unsafe storage key "${key}"`);
}
