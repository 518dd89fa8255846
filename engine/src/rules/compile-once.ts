// Compiling a definition's JSON trees (conditions, expressions) into closures once: the cache and
// the rules about what may be kept, shared by compileCondition and compileExpression.

/**
 * The closure for `node`: from `cache`, or made by `build` (a function of the node, not a closure
 * made per call, so a hit costs one look-up) and kept when `node` and every part `build` compiled
 * are frozen (a loaded definition is deeply frozen). `build` calls `notFrozen` for a part that is
 * not kept; such a tree is compiled again on each call, as it may change. A tree `build` cannot
 * compile (not the grammar) gives a closure that throws that error when it is called, as reading
 * the tree would, so a branch never taken never throws.
 */
export function compileOnce<N, F extends (...args: never[]) => unknown>(
  cache: WeakMap<object, F>,
  node: N,
  build: (node: N, notFrozen: () => void) => F,
): F {
  const cacheable = node !== null && typeof node === 'object';
  if (cacheable) {
    const hit = cache.get(node);
    if (hit) return hit;
  }
  let frozen = !cacheable || Object.isFrozen(node);
  let fn: F;
  try {
    fn = build(node, () => {
      frozen = false;
    });
  } catch (error) {
    fn = (() => {
      throw error;
    }) as unknown as F;
  }
  if (cacheable && frozen) cache.set(node, fn);
  return fn;
}

/** Whether a part compiled with `cache` was kept there (numbers and other non-objects always are). */
export function isKept(cache: WeakMap<object, unknown>, part: unknown): boolean {
  return part === null || typeof part !== 'object' || cache.has(part);
}
