// What the API's consistency check found when a draft was submitted for review (issue 28): each
// case, and what its results page would say that contradicts itself, in plain English.

export interface ConsistencyFinding {
  case: string;
  rule: string;
  message: string;
  texts: string[];
}

/** The findings of a 422 answer to submit ({ consistency: [...] }), else none. */
export function consistencyFindings(error: unknown): ConsistencyFinding[] {
  if (!error || typeof error !== 'object' || !('data' in error)) return [];
  const data = error.data;
  if (!data || typeof data !== 'object' || !('consistency' in data) || !Array.isArray(data.consistency))
    return [];
  return (data.consistency as unknown[]).flatMap((item) =>
    item && typeof item === 'object' && 'message' in item && 'case' in item
      ? [
          {
            case: String(item.case),
            rule: 'rule' in item ? String(item.rule) : '',
            message: String(item.message),
            texts: 'texts' in item && Array.isArray(item.texts) ? item.texts.map(String) : [],
          },
        ]
      : [],
  );
}

export function ConsistencyFindings({ findings }: { findings: readonly ConsistencyFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid="consistency-findings"
    >
      <p className="font-semibold">
        The results this draft gives contradict themselves. Fix these before submitting it for review:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {findings.map((f, i) => (
          <li key={`${f.case}-${i}`}>
            <span className="font-semibold">{f.case}:</span> {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
