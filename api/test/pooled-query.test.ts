import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSqliteConnection, queryOnPool, readOnFreeSqliteConnection } from '../src/database/pooled-query';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * An ORM transaction that holds SQLite's one pooled connection until `release()`; it writes
 * "transaction" into `order` when it lets go.
 */
async function holdConnection(
  orm: MikroORM,
  order: string[],
): Promise<{ release: () => void; transaction: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = orm.em.fork().transactional(async (em) => {
    await em.getConnection().execute('select 1', [], 'get', em.getTransactionContext());
    held();
    await gate;
    order.push('transaction');
  });
  await holding;
  return { release, transaction };
}

describe('reads on the pool (the session check, the health ping)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the same rows on both drivers', async () => {
    const orm = t.app.get(MikroORM);
    expect(await queryOnPool(orm.em, t.driver, 'select ? as one', ['a'])).toEqual([{ one: 'a' }]);
  });

  it("SQLite: at once while the pool's connection is free; behind a transaction that holds it, in turn", async (ctx) => {
    if (t.driver !== 'sqlite') ctx.skip();
    const orm = t.app.get(MikroORM);
    await queryOnPool(orm.em, 'sqlite', 'select 1');
    expect(readOnFreeSqliteConnection(orm.em, 'select ? as one', [1])).toEqual([{ one: 1 }]);

    const order: string[] = [];
    const { release, transaction } = await holdConnection(orm, order);
    // The connection is taken: no read at once, and a pooled read waits for the transaction.
    expect(readOnFreeSqliteConnection(orm.em, 'select 1')).toBeUndefined();
    const read = queryOnPool(orm.em, 'sqlite', 'select 2 as two').then((rows) => {
      order.push('read');
      return rows;
    });
    release();
    expect(await read).toEqual([{ two: 2 }]);
    await transaction;
    expect(order).toEqual(['transaction', 'read']);
    expect(readOnFreeSqliteConnection(orm.em, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('SQLite: work that never yields runs at once on the free connection; behind a transaction that holds it, in turn', async (ctx) => {
    if (t.driver !== 'sqlite') ctx.skip();
    const orm = t.app.get(MikroORM);
    type Db = { prepare(sql: string): { all(params: unknown[]): unknown[] } };
    await queryOnPool(orm.em, 'sqlite', 'select 1');
    let ran = false;
    const atOnce = onSqliteConnection(orm.em, (db: Db) => {
      ran = true;
      return db.prepare('select 3 as three').all([]);
    });
    // run before the caller's first await: no turn of the pool in between
    expect(ran).toBe(true);
    expect(await atOnce).toEqual([{ three: 3 }]);

    const order: string[] = [];
    const { release, transaction } = await holdConnection(orm, order);
    let waited = true;
    const behind = onSqliteConnection(orm.em, (db: Db) => {
      waited = false;
      order.push('work');
      return db.prepare('select 4 as four').all([]);
    });
    expect(waited).toBe(true);
    release();
    expect(await behind).toEqual([{ four: 4 }]);
    await transaction;
    expect(order).toEqual(['transaction', 'work']);
    // given back: free again
    expect(readOnFreeSqliteConnection(orm.em, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('SQLite: a closed database is never read at once', async (ctx) => {
    if (t.driver !== 'sqlite') ctx.skip();
    const orm = t.app.get(MikroORM);
    await queryOnPool(orm.em, 'sqlite', 'select 1');
    await orm.close(true);
    try {
      expect(readOnFreeSqliteConnection(orm.em, 'select 1')).toBeUndefined();
      await expect(queryOnPool(orm.em, 'sqlite', 'select 1')).rejects.toThrow();
    } finally {
      await orm.connect();
    }
    await queryOnPool(orm.em, 'sqlite', 'select 1');
    expect(readOnFreeSqliteConnection(orm.em, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
