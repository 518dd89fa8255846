// The settings of every SQLite connection the product opens (the app's pool, an impact run's
// workers, the checkpointer), and of the benchmark's bare baseline, which must do the same work:
// WAL so readers never block the writer, a busy timeout so a second process waits instead of
// failing with SQLITE_BUSY, the log synced at checkpoints rather than on every commit
// (`synchronous = NORMAL`, safe under WAL against a crash of the process), foreign keys enforced,
// and checkpoints left to the checkpointer's thread (sqlite-checkpointer.ts): a connection
// checkpoints by itself only once the log passes SQLITE_SELF_CHECKPOINT_PAGES, should that
// thread ever fall behind.
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Pages (4 KB each) of log after which a connection checkpoints inside its own commit (SQLite's default: 1,000). */
export const SQLITE_SELF_CHECKPOINT_PAGES = 10_000;

export const SQLITE_PRAGMAS: readonly string[] = Object.freeze([
  'journal_mode = WAL',
  `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  'synchronous = NORMAL',
  'foreign_keys = ON',
  `wal_autocheckpoint = ${SQLITE_SELF_CHECKPOINT_PAGES}`,
]);
