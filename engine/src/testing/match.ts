// How an embedded test compares an expected value with the evaluation's.
/** Numbers compare within 0.01 (to the cent); arrays and objects compare deeply. */
export function matchesExpected(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number' && typeof actual === 'number')
    return Math.abs(expected - actual) <= 0.01 + 1e-9;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((e, i) => matchesExpected(e, actual[i]))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    return [...keys].every((k) => matchesExpected(e[k], a[k]));
  }
  return expected === actual;
}
