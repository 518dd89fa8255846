/** Bits of impact_run_row.changes (its own module: the worker threads load it without the ORM). */
export const CHANGED = { likelihood: 1, approach: 2, value: 4 } as const;
