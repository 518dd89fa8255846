// What a parameter draft changes against the set in force, in sentences (issue 9 point 4 for dated
// parameters): the adviser sees it while editing and the second adviser reads it before approving.
import { describeParameterChanges, type ParameterSet } from '@reclaim/engine';
import { useMemo } from 'react';
import { useGetParameterSetQuery } from '../definitionsApi';

const KIND_CLASS = {
  changed: 'border-amber-500',
  added: 'border-emerald-600',
  removed: 'border-red-600',
} as const;

export default function ParameterChanges({ set }: { set: ParameterSet }) {
  const query = useGetParameterSetQuery(set.id);
  const inForce = query.data?.parameter_set as unknown as ParameterSet | undefined;
  const changes = useMemo(() => (inForce ? describeParameterChanges(inForce, set) : []), [inForce, set]);
  if (!inForce) return null;
  const heading = `What changes against the parameters in force`;
  return (
    <div className="mb-4" aria-label={heading} role="region">
      <h4 className="text-sm font-semibold text-ink-800">{heading}</h4>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-ink-600">No change: these are the parameters in force.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {changes.map((change, i) => (
            <li key={i} className={`border-l-4 pl-2 ${KIND_CLASS[change.kind]}`}>
              <span className="sr-only">{change.kind}: </span>
              {change.sentence}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
