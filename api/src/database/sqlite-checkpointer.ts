// SQLite's checkpoints in a thread of their own (decisions §42).
//
// Under WAL a commit appends the pages it changed to the -wal file, and a checkpoint copies them
// back into the database file and syncs it. By default SQLite checkpoints inside the commit that
// takes the log past 1,000 pages, in the connection that made it: in the API that is the one
// pooled connection, on the event loop, so every hundredth save or so waited for the copy and
// its fsync, and every request queued behind it. Here the connections checkpoint themselves only
// past SQLITE_SELF_CHECKPOINT_PAGES (a safety net, sqlite-pragmas.ts), and a worker thread with a
// connection of its own runs a PASSIVE checkpoint a few times a second: it copies what no reader
// still needs, never waits for a reader or the writer, and never makes them wait.
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints. At ~1,000 saves a second that is ~1,600 pages (6 MB) a time. */
const SQLITE_CHECKPOINT_INTERVAL_MS = 200;

export interface CheckpointerData {
  file: string;
  intervalMs: number;
}

/** A message from the worker: started, or a checkpoint that failed (the next one tries again). */
export type CheckpointerMessage = { ready: true } | { error: string };

// (from __filename: under tsx's ESM loader, which the bench's baseline runs in, __dirname is not this folder)
const WORKER_FILE = join(
  dirname(__filename),
  __filename.endsWith('.ts') ? 'sqlite-checkpoint-worker.ts' : 'sqlite-checkpoint-worker.js',
);
// The sources (tests, the bench's baseline) run through tsx, and so does their worker.
const WORKER_EXEC_ARGV = WORKER_FILE.endsWith('.ts') ? ['--require', 'tsx/cjs'] : [];

export class SqliteCheckpointer {
  private stopping: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {}

  /**
   * Starts the worker on `file` (the database must exist) and resolves once its connection is
   * open. `onError` hears of a checkpoint that failed; the worker goes on.
   */
  static start(
    file: string,
    onError: (message: string) => void = () => undefined,
  ): Promise<SqliteCheckpointer> {
    const worker = new Worker(WORKER_FILE, {
      workerData: { file, intervalMs: SQLITE_CHECKPOINT_INTERVAL_MS } satisfies CheckpointerData,
      execArgv: WORKER_EXEC_ARGV,
    });
    // the checkpointer never keeps the process alive on its own
    worker.unref();
    return new Promise((resolve, reject) => {
      const failed = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
      worker.once('error', failed);
      worker.once('exit', (code) =>
        failed(new Error(`the SQLite checkpointer exited (${code}) before it started`)),
      );
      worker.on('message', (m: CheckpointerMessage) => {
        if ('error' in m) {
          onError(m.error);
          return;
        }
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        worker.on('error', (err) => onError(err.message));
        resolve(new SqliteCheckpointer(worker));
      });
    });
  }

  /** Stops the timer, closes the worker's connection (a last checkpoint first) and waits for the thread to end. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      const timeout = setTimeout(() => void this.worker.terminate(), 5000);
      this.worker.once('exit', () => {
        clearTimeout(timeout);
        resolve();
      });
      this.worker.postMessage('stop');
    });
    return this.stopping;
  }
}
