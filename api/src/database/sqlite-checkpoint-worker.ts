// The SQLite checkpointer's thread (sqlite-checkpointer.ts): its own connection to the database,
// with the product's settings, running `wal_checkpoint(PASSIVE)` every few hundred milliseconds.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointerData, CheckpointerMessage } from './sqlite-checkpointer';
import { SQLITE_PRAGMAS } from './sqlite-pragmas';

const { file, intervalMs } = workerData as CheckpointerData;
const port = parentPort!;
// better-sqlite3 comes with no types (the app reaches it through MikroORM): the two calls used here
interface SqliteDatabase {
  pragma(sql: string): unknown;
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (
  file: string,
  options: { fileMustExist: boolean },
) => SqliteDatabase;
const db = new Database(file, { fileMustExist: true });
for (const pragma of SQLITE_PRAGMAS) db.pragma(pragma);

function checkpoint(): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    port.postMessage({
      error: err instanceof Error ? err.message : String(err),
    } satisfies CheckpointerMessage);
  }
}

const timer = setInterval(checkpoint, intervalMs);
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});
port.postMessage({ ready: true } satisfies CheckpointerMessage);
