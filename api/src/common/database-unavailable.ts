import { ConnectionException, LockWaitTimeoutException, ReadOnlyException } from '@mikro-orm/core';

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL SQLSTATEs meaning "no database to talk to right now": class 08 (connection
// exception), 57P01–57P03 (admin / crash shutdown, cannot connect now), 53300 (too many
// connections), 55000 only with "not currently accepting connections" (ALLOW_CONNECTIONS false).
const PG_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

// Node's socket errors on the way to the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLite result codes (better-sqlite3 puts the extended name in `code`): locked, busy, the file
// gone or unreadable, read-only, disk I/O or full.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL|PROTOCOL)/;

// The same failures as knex, tarn, pg and better-sqlite3 phrase them in plain errors.
const MESSAGES =
  /Unable to acquire a connection|Timeout acquiring a connection|Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|terminating connection due to administrator command|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|sorry, too many clients|ECONNREFUSED|ECONNRESET|database is locked|database table is locked|SQLITE_BUSY|unable to open database file|disk I\/O error|attempt to write a readonly database|The database connection is not open|Cannot use a pool after calling end|Client was closed and is not queryable|Query read timeout|^timeout expired$/i;

function codeOf(value: Record<string, unknown>): string | null {
  for (const key of ['code', 'sqlState']) if (typeof value[key] === 'string') return value[key];
  return null;
}

function looksUnavailable(err: unknown): boolean {
  if (err instanceof ConnectionException || err instanceof LockWaitTimeoutException) return true;
  if (err instanceof ReadOnlyException) return true;
  if (typeof err !== 'object' || err === null) return false;
  const code = codeOf(err as Record<string, unknown>);
  if (code !== null) {
    if (code.startsWith('08') && code.length === 5) return true;
    if (PG_UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))
      return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.test(message);
}

/**
 * True when the error says the database cannot be reached or used right now (server down or
 * refusing, pool exhausted, SQLite file locked, missing or read-only), as opposed to a fault in
 * the request or the code. Such errors answer 503 with Retry-After. Follows `cause` chains and
 * AggregateErrors (pg reports a refused IPv4 and IPv6 connect as one AggregateError).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5) return false;
  if (looksUnavailable(err)) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
