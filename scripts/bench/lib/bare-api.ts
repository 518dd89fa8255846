// The API's baseline: bare Fastify doing the same work as the product for the three measured
// routes, with the same SQL on the same database (better-sqlite3 on the API's SQLite file, or pg
// on its PostgreSQL database), the same auth check (HS256 JWT verify with the same secret, then
// the session + user join), and the same JSON shapes. No framework, ORM, DI, validation library,
// logger or security headers: what the product adds on top is what the ratio shows.
// Run as a child process: `startChild(file, ['sqlite', path] | ['pg', url], { JWT_ACCESS_SECRET })`.
//
// `['floor', path]` (SQLite only) is the floor of issue 25 §6: the same SQL and JSON with no async
// wrapper at all (better-sqlite3's synchronous calls straight from synchronous handlers, its own
// transaction function) and the raw HMAC check of the token (HMAC-SHA256 of header.payload compared
// in constant time, alg, typ and expiry read from the JSON) instead of jsonwebtoken.
import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import jwt from 'jsonwebtoken';
import { SqliteCheckpointer } from '../../../api/src/database/sqlite-checkpointer';
import { SQLITE_PRAGMAS } from '../../../api/src/database/sqlite-pragmas';
import { serveChild } from './child';

type Row = Record<string, unknown>;
interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface SqliteDb {
  pragma(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
  transaction<F extends (...args: never[]) => unknown>(fn: F): F;
}
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
interface Db {
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (q: (sql: string, params: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T>;
  date(d: Date): unknown;
  json(v: unknown): unknown;
}

/**
 * The API's SQLite file through better-sqlite3 with the product's own settings (with SQLite's
 * default `synchronous = FULL` under WAL the baseline would sync its log on every commit, work the
 * product does not do) and its checkpoints in a thread of their own, as the product's (with these
 * settings a connection leaves them to that thread); statements prepared once.
 */
async function openSqlite(target: string): Promise<{ db: SqliteDb; stmt: (sql: string) => SqliteStatement }> {
  // the API workspace's better-sqlite3 (its types are not visible from scripts/)
  const Database = createRequire(join(repoRoot, 'api', 'package.json'))('better-sqlite3') as new (
    file: string,
  ) => SqliteDb;
  const db = new Database(target);
  for (const pragma of SQLITE_PRAGMAS) db.pragma(pragma);
  await SqliteCheckpointer.start(target);
  const cache = new Map<string, SqliteStatement>();
  const stmt = (sql: string) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return { db, stmt };
}

async function openDb(kind: string, target: string): Promise<Db> {
  if (kind === 'sqlite') {
    const { db, stmt } = await openSqlite(target);
    const run = (sql: string, params: unknown[]): Row[] => {
      const s = stmt(sql);
      if (s.reader) return s.all(...params) as Row[];
      s.run(...params);
      return [];
    };
    return {
      query: (sql, params) => Promise.resolve(run(sql, params)),
      // better-sqlite3 is synchronous: the work inside never yields, as in the API's save.
      transaction: async (fn) => {
        db.prepare('begin immediate').run();
        try {
          const out = await fn((sql, params) => Promise.resolve(run(sql, params)));
          db.prepare('commit').run();
          return out;
        } catch (err) {
          db.prepare('rollback').run();
          throw err;
        }
      },
      date: (d) => d.getTime(),
      json: (v) => JSON.stringify(v),
    };
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  const toPg = (sql: string) => {
    let i = 0;
    return sql.replace(/\?/g, () => `$${++i}`);
  };
  return {
    query: async (sql, params) => (await pool.query(toPg(sql), params)).rows as Row[],
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(async (sql, params) => (await client.query(toPg(sql), params)).rows as Row[]);
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    date: (d) => d,
    json: (v) => JSON.stringify(v),
  };
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined
    ? null
    : new Date(
        typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : (v as string | number | Date),
      ).toISOString();
const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

function toResponse(a: Row): Row {
  return {
    ...((parsed(a.result_fields) as Row | null) ?? {}),
    assessment_id: a.id,
    id: a.id,
    claim_id: a.claim_id ?? null,
    user_id: a.user_id,
    service_type: a.service_type,
    assessment_type: a.assessment_type,
    service_name: a.service_name,
    answers: parsed(a.answers),
    current_step: Number(a.current_step),
    status: a.status,
    version: Number(a.version),
    definition_version: Number(a.definition_version),
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    submitted_at: iso(a.submitted_at),
    results: parsed(a.results) ?? null,
  };
}

const SESSION =
  'select s.revoked_at as r, s.expires_at as e, u.* from auth_sessions s join users u on u.id = s.user_id where s.id = ?';
const SELECT = 'select * from assessment where id = ? and user_id = ?';
const SERVICE = 'select title as title from service where type_code = ? limit 1';
const UPDATE =
  'update assessment set service_type = ?, assessment_type = ?, definition_version = ?, service_name = ?, answers = ?, current_step = ?, version = version + 1, updated_at = ? where id = ? and user_id = ? and version = ? returning *';
const ACTIVITY =
  'insert into activity_logs (id, user_id, action, target_type, target_id, ip, user_agent, detail, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)';

const UNAUTHORISED = Object.freeze({ detail: 'Given token not valid or expired.' });
const NOT_FOUND = Object.freeze({ detail: 'Assessment not found' });

/** The token of an `Authorization: Bearer …` header. */
function bearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

/** The session's user when the token is an access token, its session live and its user active. */
function sessionUser(claims: Row, row: Row | undefined): Row | null {
  if (claims.typ !== 'access') return null;
  if (!row || (row.r !== null && row.r !== undefined)) return null;
  if (new Date(iso(row.e)!).getTime() <= Date.now()) return null;
  if (row.id !== claims.sub || !row.is_active || row.erased_at !== null) return null;
  return row;
}

function healthBody(version: string, started: number): Row {
  return { status: 'ok', database: 'ok', version, uptime: Math.round((Date.now() - started) / 1000) };
}

/** 409: another version was saved (with the contract's `current` while the record is there). */
function conflict(current: Row | undefined): Row {
  return { detail: 'The assessment changed', ...(current ? { current: toResponse(current) } : {}) };
}

/** What a save writes: the UPDATE's and the activity INSERT's parameters. */
function saveParams(
  body: Row,
  row: Row,
  user: Row,
  title: unknown,
  request: { ip: string; headers: Record<string, unknown> },
  encode: { date: unknown; json: (v: unknown) => unknown },
): { update: unknown[]; activity: unknown[] } {
  const id = body.assessment_id;
  return {
    update: [
      body.service_type,
      row.assessment_type,
      row.definition_version,
      title,
      encode.json(body.answers),
      body.current_step,
      encode.date,
      id,
      user.id,
      body.version,
    ],
    activity: [
      randomUUID(),
      user.id,
      'assessment.save',
      'assessment',
      id,
      request.ip,
      request.headers['user-agent'] ?? null,
      encode.json({ version: body.version }),
      encode.date,
    ],
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function start(kind: string, target: string): Promise<string> {
  const secret = process.env.JWT_ACCESS_SECRET ?? '';
  if (!secret) throw new Error('JWT_ACCESS_SECRET is not set');
  // a KeyObject made once, as the product's TokensService does: given the string, jsonwebtoken
  // derives a key on every verification (~0.3 ms), work the product does not do
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const db = await openDb(kind, target);
  const app = Fastify({ logger: false });

  const authenticate = async (header: string | undefined): Promise<Row | null> => {
    const token = bearer(header);
    if (!token) return null;
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    } catch {
      return null;
    }
    if (typeof claims.sid !== 'string') return null;
    return sessionUser(claims, (await db.query(SESSION, [claims.sid]))[0]);
  };

  const started = Date.now();
  app.get('/api/health/', async (_req, reply) => {
    await db.query('select 1', []);
    void reply.header('cache-control', 'no-store');
    return healthBody('bare', started);
  });

  app.get<{ Params: { id: string } }>('/api/assessment/:id/', async (req, reply) => {
    const user = await authenticate(req.headers.authorization);
    if (!user) return reply.status(401).send(UNAUTHORISED);
    const row = (await db.query(SELECT, [req.params.id, user.id]))[0];
    if (!row) return reply.status(404).send(NOT_FOUND);
    return toResponse(row);
  });

  app.post<{ Body: Row }>('/api/assessment/save/', async (req, reply) => {
    const user = await authenticate(req.headers.authorization);
    if (!user) return reply.status(401).send(UNAUTHORISED);
    const body = req.body;
    const row = (await db.query(SELECT, [body.assessment_id, user.id]))[0];
    if (!row) return reply.status(404).send(NOT_FOUND);
    // As the product: another version → 409 with the current record (the contract's `current`).
    if (Number(row.version) !== body.version) return reply.status(409).send(conflict(row));
    const title = (await db.query(SERVICE, [body.service_type]))[0]?.title ?? row.service_name;
    const params = saveParams(body, row, user, title, req, {
      date: db.date(new Date()),
      json: (v) => db.json(v),
    });
    const saved = await db.transaction(async (q) => {
      const out = (await q(UPDATE, params.update))[0];
      if (out) await q(ACTIVITY, params.activity);
      return out;
    });
    if (!saved)
      return reply.status(409).send(conflict((await db.query(SELECT, [body.assessment_id, user.id]))[0]));
    return toResponse(saved);
  });

  return listen(app);
}

/** HS256 checked by hand: the signature in constant time, then alg, typ, expiry. */
function rawJwtClaims(token: string, secret: Buffer): Row | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Row;
    if (header.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Row;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}

/** The floor: synchronous better-sqlite3 from synchronous handlers, raw HMAC check. */
async function startFloor(target: string): Promise<string> {
  const secret = Buffer.from(process.env.JWT_ACCESS_SECRET ?? '', 'utf8');
  if (secret.length === 0) throw new Error('JWT_ACCESS_SECRET is not set');
  const { db, stmt } = await openSqlite(target);
  const all = (sql: string, params: unknown[]) => stmt(sql).all(...params) as Row[];
  const app = Fastify({ logger: false });

  const authenticate = (header: string | undefined): Row | null => {
    const token = bearer(header);
    if (!token) return null;
    const claims = rawJwtClaims(token, secret);
    if (!claims || typeof claims.sid !== 'string') return null;
    return sessionUser(claims, all(SESSION, [claims.sid])[0]);
  };

  const started = Date.now();
  app.get('/api/health/', (_req, reply) => {
    all('select 1', []);
    void reply.header('cache-control', 'no-store').send(healthBody('floor', started));
  });

  app.get<{ Params: { id: string } }>('/api/assessment/:id/', (req, reply) => {
    const user = authenticate(req.headers.authorization);
    if (!user) return void reply.status(401).send(UNAUTHORISED);
    const row = all(SELECT, [req.params.id, user.id])[0];
    if (!row) return void reply.status(404).send(NOT_FOUND);
    void reply.send(toResponse(row));
  });

  const save = db.transaction((update: unknown[], activity: unknown[]): Row | undefined => {
    const out = all(UPDATE, update)[0];
    if (out) stmt(ACTIVITY).run(...activity);
    return out;
  });

  app.post<{ Body: Row }>('/api/assessment/save/', (req, reply) => {
    const user = authenticate(req.headers.authorization);
    if (!user) return void reply.status(401).send(UNAUTHORISED);
    const body = req.body;
    const row = all(SELECT, [body.assessment_id, user.id])[0];
    if (!row) return void reply.status(404).send(NOT_FOUND);
    if (Number(row.version) !== body.version) return void reply.status(409).send(conflict(row));
    const title = all(SERVICE, [body.service_type])[0]?.title ?? row.service_name;
    const params = saveParams(body, row, user, title, req, { date: Date.now(), json: JSON.stringify });
    const saved = save(params.update, params.activity);
    if (!saved) return void reply.status(409).send(conflict(all(SELECT, [body.assessment_id, user.id])[0]));
    void reply.send(toResponse(saved));
  });

  return listen(app);
}

if (process.send)
  serveChild(() =>
    process.argv[2] === 'floor'
      ? startFloor(process.argv[3] ?? '')
      : start(process.argv[2] ?? 'sqlite', process.argv[3] ?? ''),
  );
