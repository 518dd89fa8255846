// The release gate's coverage in words, shared by the definition draft's review (ReleaseScreen)
// and the parameter draft's (ParameterTests).

/** The box around a coverage report: green when the draft may go to review, amber when not. */
export const coverageBoxClass = (ok: boolean): string =>
  `rounded border p-3 text-sm ${ok ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'}`;

/** "2 passing tests (first; second)": how many tests and the first three names. */
export function passingTests(names: readonly string[]): string {
  const more = names.length > 3 ? '; …' : '';
  return `${names.length} passing test${names.length === 1 ? '' : 's'} (${names.slice(0, 3).join('; ')}${more})`;
}
