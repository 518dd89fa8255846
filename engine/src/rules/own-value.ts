// Reading a fact, an answer or a parameter by name: the object's own value, never one it inherits.

/**
 * `record[name]` when it is `record`'s own property, otherwise undefined (`constructor`,
 * `toString`, `__proto__` and the like are never facts). What a plain object inherits from
 * Object.prototype is functions and the `__proto__` accessor, and the engine's records (facts,
 * answers, parameters, tables) never hold a function: any other value found is the record's own,
 * so the ownership check is only made for those two cases, not on every read (these reads run a
 * few hundred times per evaluation).
 */
export function ownValue(record: Readonly<Record<string, unknown>>, name: string): unknown {
  const value = record[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'function' && name !== '__proto__') return value;
  return Object.prototype.hasOwnProperty.call(record, name) ? value : undefined;
}
