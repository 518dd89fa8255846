// The settings of every SQLite connection the product opens (the app's pool, an impact run's
// workers), and of the benchmark's bare baseline, which must do the same work: WAL so readers
// never block the writer, a busy timeout so a second process waits instead of failing with
// SQLITE_BUSY, the log synced at checkpoints rather than on every commit (`synchronous = NORMAL`,
// safe under WAL against a crash of the process), and foreign keys enforced.
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export const SQLITE_PRAGMAS: readonly string[] = Object.freeze([
  'journal_mode = WAL',
  `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  'synchronous = NORMAL',
  'foreign_keys = ON',
]);
