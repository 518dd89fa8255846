import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminExecute(serverUrl: string, sql: string): Promise<void> {
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: serverUrl,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 1 },
  });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}

/** A fresh, empty PostgreSQL database on the server of `serverUrl` (tests and the migration tool). */
export async function createTemporaryPostgresDatabase(
  serverUrl: string,
  prefix = 'reclaim_tmp',
): Promise<TemporaryDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await adminExecute(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminExecute(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
