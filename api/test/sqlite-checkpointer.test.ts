import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteCheckpointer } from '../src/database/sqlite-checkpointer';
import { SQLITE_PRAGMAS, SQLITE_SELF_CHECKPOINT_PAGES } from '../src/database/sqlite-pragmas';

interface Db {
  pragma(sql: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): { run(...params: unknown[]): unknown; get(): unknown };
  transaction(fn: () => void): () => void;
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (file: string) => Db;

async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// decisions §42: commits never checkpoint on the connection that makes them (the API's event
// loop); a thread of the checkpointer's copies the log into the database file.
describe('SQLite checkpoints in their own thread', () => {
  let dir: string;
  let file: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reclaim-checkpoint-'));
    file = join(dir, 'db.sqlite');
    db = new Database(file);
    for (const pragma of SQLITE_PRAGMAS) db.pragma(pragma);
    db.prepare('create table t (id integer primary key, body text not null)').run();
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** About `pages` pages of the log, in commits of 50 rows of 1 KB. */
  function write(pages: number): void {
    const insert = db.prepare('insert into t (body) values (?)');
    const commit = db.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run('x'.repeat(1000));
    });
    for (let i = 0; i < Math.ceil(pages / 12); i++) commit();
  }

  it('a connection with the product’s settings leaves its checkpoints to that thread', () => {
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_SELF_CHECKPOINT_PAGES);
    write(3000); // three times SQLite's default threshold
    // nothing was copied into the database file: its size is still that of an empty table
    expect(statSync(file).size).toBeLessThan(64 * 1024);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(3000 * 4096 * 0.9);
  });

  it('the checkpointer copies the log into the database file while the writer goes on', async () => {
    const checkpointer = await SqliteCheckpointer.start(file);
    try {
      // commits go on while the checkpointer's thread copies: none waits for it, none fails
      for (let round = 1; round <= 4; round++) {
        write(1000);
        await until(`round ${round} copied`, () => statSync(file).size > round * 1000 * 4096 * 0.9);
      }
      expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 4 * 84 * 50 });
    } finally {
      await checkpointer.stop();
    }
    // stopped: its thread is gone, and stopping again is harmless
    await checkpointer.stop();
  });
});
