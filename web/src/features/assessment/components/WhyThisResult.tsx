// "Why this result": every rule that counted, in the definition's own words, with the figures it
// read, the calculations and the dated tax parameters used with their sources.
import type { Trace, TraceRule } from '@reclaim/engine';

const STAGES: { stage: TraceRule['stage']; title: string }[] = [
  { stage: 'eligibility', title: 'Eligibility' },
  { stage: 'complexity', title: 'Complexity' },
  { stage: 'selection', title: 'Value' },
  { stage: 'list', title: 'Reliefs and lists' },
  { stage: 'approach', title: 'Recommended approach' },
];

function figure(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return 'not given';
  if (Array.isArray(value)) return value.map(figure).join(', ');
  if (typeof value === 'number') return value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function counted(rule: TraceRule): boolean {
  return rule.counted ?? rule.matched;
}

export function WhyThisResult({ trace }: { trace: Trace }) {
  const rules = trace.rules.filter(counted);
  return (
    <section aria-labelledby="why-heading" className="card p-5 sm:p-6" data-testid="why-this-result">
      <h2 id="why-heading" className="text-xl">
        Why this result
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Worked out with {trace.definition.id} version {trace.definition.version} on {trace.asOf}.
      </p>
      {STAGES.map(({ stage, title }) => {
        const list = rules.filter((r) => r.stage === stage);
        if (list.length === 0) return null;
        return (
          <div key={stage} className="mt-4">
            <h3 className="text-base">{title}</h3>
            <ul className="mt-2 space-y-2">
              {list.map((rule) => (
                <li key={`${rule.stage}-${rule.id}`} className="rounded-md bg-ink-50 p-3 text-sm">
                  <p className="text-ink-900">
                    {rule.description}
                    {rule.points !== undefined ? <span className="ml-2 badge">+{rule.points} points</span> : null}
                    {rule.weight !== undefined ? <span className="ml-2 badge">weight {rule.weight}</span> : null}
                    {rule.value !== undefined ? <span className="ml-2 badge">{figure(rule.value)}</span> : null}
                  </p>
                  {Object.keys(rule.facts).length > 0 ? (
                    <p className="mt-1 text-ink-600">
                      Figures read:{' '}
                      {Object.entries(rule.facts)
                        .map(([name, value]) => `${name} = ${figure(value)}`)
                        .join('; ')}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {trace.calculations.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base">Calculations</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {trace.calculations.map((c) => (
              <li key={c.id}>
                {c.description}: <strong>{figure(c.value)}</strong>
                {c.unit === 'GBP' ? ' (£)' : c.unit ? ` (${c.unit})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {trace.parameters.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base">Tax parameters used</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {trace.parameters.map((p) => (
              <li key={`${p.set}-${p.key}-${p.from}`}>
                {p.name} = <strong>{figure(p.value)}</strong> (in force from {p.from}
                {p.to ? ` to ${p.to}` : ''}). Source:{' '}
                {p.sourceUrl ? (
                  <a href={p.sourceUrl} target="_blank" rel="noreferrer noopener">
                    {p.sourceTitle}
                  </a>
                ) : (
                  p.sourceTitle
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
