// The release gate's failing tests, each with why it fails in words ("expected Likely; got
// Unlikely"), for the definition draft's review and the parameter draft's.
export function FailingTests({ names, reasons }: { names: readonly string[]; reasons: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <div className="mt-1 text-red-800">
      <p>Failing tests:</p>
      <ul className="list-disc pl-5">
        {names.map((name, i) => (
          <li key={name}>
            {name}
            {reasons[i] ? `: ${reasons[i]}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
