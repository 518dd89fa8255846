// "Why this result". Clients read sentences the engine filled from the definition's own texts and
// the answers (rule reasons, flag and calculation descriptions, with £ amounts and dates written
// out), never fact names or raw figures. Staff (STAFF/ADMIN) can open the full trace: every rule
// with the facts it read, every calculation, every dated parameter with its source.
import { useId, useState } from 'react';
import {
  formatDate,
  formatMoney,
  formatNumber,
  type AssessmentEvaluation,
  type TraceParameter,
  type TraceRule,
} from '@reclaim/engine';

type Calculation = AssessmentEvaluation['trace']['calculations'][number];

function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** A band table in client words: "0% up to £125,000; 2% up to £250,000; 5% above". */
function bandsText(bands: readonly { upTo: number | null; rate: number }[]): string {
  return bands
    .map(
      (b) =>
        `${formatNumber(round(b.rate * 100, 2))}% ${b.upTo === null ? 'above' : `up to ${formatMoney(b.upTo)}`}`,
    )
    .join('; ');
}

/** A figure in client words, by its unit. */
export function figureText(value: TraceParameter['value'], unit: string | undefined): string {
  if (Array.isArray(value)) return bandsText(value);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value) : value;
  switch (unit ?? '') {
    case 'GBP':
      return formatMoney(value);
    case 'percent':
      return `${formatNumber(round(value, 1))}%`;
    case 'ratio':
    case 'rate':
      return `${formatNumber(round(value * 100, 2))}%`;
    case 'months':
      return `${formatNumber(round(value))} ${round(value) === 1 ? 'month' : 'months'}`;
    case 'days':
      return `${formatNumber(round(value))} ${round(value) === 1 ? 'day' : 'days'}`;
    default:
      return formatNumber(round(value));
  }
}

const counted = (rule: TraceRule): boolean => rule.counted ?? rule.matched;

/** Each line once, in order (two rules or figures can fill the same sentence). */
function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Whether a figure of the working changed the answer, for a visitor: a sum of £0 or a count of 0
 * (a relief that does not apply) did not, and a share above 100% reads as a mistake to a client
 * (it is a multiplier: the adviser view keeps it).
 */
export function relevantToVisitor(c: { value: number; unit?: string | undefined }): boolean {
  if (typeof c.value !== 'number' || !Number.isFinite(c.value)) return true;
  if (c.value === 0) return false;
  if ((c.unit === 'ratio' || c.unit === 'rate') && c.value > 1) return false;
  if (c.unit === 'percent' && c.value > 100) return false;
  return true;
}

function Section({ title, lines }: { title: string; lines: React.ReactNode[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-base">{title}</h3>
      <ul className="mt-2 space-y-2">
        {lines.map((line, i) => (
          <li key={i} className="rounded-md bg-ink-50 p-3 text-sm text-ink-900 [&_a]:underline">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClientWhy({ evaluation }: { evaluation: AssessmentEvaluation }) {
  const { trace } = evaluation;
  const unlikely = evaluation.eligibility.likelihood === 'Unlikely';
  const rules = trace.rules.filter((r) => counted(r) && r.text);
  const of = (stage: TraceRule['stage']) => rules.filter((r) => r.stage === stage);
  const override = of('override');
  const knockedOut = unlikely && override.length > 0;
  // plain reasons: the points behind them are adviser detail
  const eligibility = unique(
    [...override.map((r) => r.text), ...(knockedOut ? [] : of('eligibility').map((r) => r.text))],
    (t) => t ?? '',
  );
  const shownCalc = (c: Calculation) =>
    c.text !== undefined && c.text !== '' && !(unlikely && c.stage === 'value');
  // only the figures that changed the answer; the full working stays in the adviser view
  const calculations = unique(
    trace.calculations.filter((c) => shownCalc(c) && relevantToVisitor(c)),
    (c) => `${c.text ?? ''}|${c.value}`,
  ).map((c) => `${c.text}: ${figureText(c.value, c.unit)}`);
  const parameters = unique(
    trace.parameters.filter((p) => p.description),
    (p) => `${p.description ?? ''}|${JSON.stringify(p.value)}|${p.from}`,
  ).map((p) => <ParameterLine key={p.name} p={p} />);
  return (
    <>
      <p className="mt-1 text-sm text-ink-600">
        Worked out on {formatDate(trace.asOf)} with version {trace.definition.version} of this assessment.
      </p>
      <Section title="Eligibility" lines={eligibility} />
      <Section title="Complexity" lines={of('complexity').map((r) => r.text)} />
      <Section title="Reliefs and other points" lines={of('list').map((r) => r.text)} />
      <Section title="Value" lines={unlikely ? [] : of('selection').map((r) => r.text)} />
      <Section title="How the figures were worked out" lines={calculations} />
      <Section title="Recommended approach" lines={of('approach').map((r) => r.text)} />
      <Section title="Tax rates and thresholds used" lines={parameters} />
    </>
  );
}

/** A source as a person would cite it: the set's `cite` when it gives one, else its title. */
function clientSource(p: TraceParameter): { title: string; url?: string | undefined } {
  return p.sourceCite ?? { title: p.sourceTitle, url: p.sourceUrl };
}

function ParameterLine({ p }: { p: TraceParameter }) {
  const source = clientSource(p);
  return (
    <>
      {p.description}: <strong>{figureText(p.value, p.unit)}</strong> (in force from {formatDate(p.from)}).{' '}
      Source:{' '}
      {source.url ? (
        <a href={source.url} target="_blank" rel="noreferrer noopener">
          {source.title}
        </a>
      ) : (
        source.title
      )}
    </>
  );
}

/** A raw figure for advisers. */
function raw(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return 'not given';
  if (Array.isArray(value)) return value.map(raw).join(', ');
  if (typeof value === 'object' && 'rate' in value)
    return bandsText([value as { upTo: number | null; rate: number }]);
  if (typeof value === 'number') return value.toLocaleString('en-GB', { maximumFractionDigits: 4 });
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const ADVISER_STAGES: { stage: TraceRule['stage']; title: string }[] = [
  { stage: 'inputs', title: 'Inputs' },
  { stage: 'list', title: 'Lists' },
  { stage: 'eligibility', title: 'Eligibility' },
  { stage: 'override', title: 'Overrides' },
  { stage: 'complexity', title: 'Complexity' },
  { stage: 'selection', title: 'Value selections' },
  { stage: 'approach', title: 'Approach' },
];

function AdviserDetail({ evaluation }: { evaluation: AssessmentEvaluation }) {
  const { trace, eligibility, complexity, value } = evaluation;
  return (
    <div className="mt-4 border-t border-ink-200 pt-4" data-testid="adviser-detail">
      <p className="text-sm text-ink-700">
        {trace.definition.id} version {trace.definition.version}, as of {trace.asOf}. Score{' '}
        {eligibility.score}% ({eligibility.rawScore} / {eligibility.maxPossibleScore} points), confidence{' '}
        {eligibility.confidenceLevel}%; complexity {complexity.complexityScore} / 100; value{' '}
        {raw(value.estimates.low)} / {raw(value.estimates.median)} / {raw(value.estimates.high)} (
        {value.confidenceLevel}).
      </p>
      {ADVISER_STAGES.map(({ stage, title }) => {
        const list = trace.rules.filter((r) => r.stage === stage);
        if (list.length === 0) return null;
        return (
          <div key={stage} className="mt-4">
            <h3 className="text-base">{title}</h3>
            <ul className="mt-2 space-y-1 text-sm [&_a]:underline">
              {list.map((rule, i) => (
                <li key={`${rule.id}-${i}`} className={counted(rule) ? 'text-ink-900' : 'text-ink-500'}>
                  <code>{rule.id}</code> {rule.matched ? 'holds' : 'does not hold'}
                  {rule.counted ? ' (counted)' : ''}: {rule.description}
                  {rule.points !== undefined ? `; ${rule.points} points` : ''}
                  {rule.weight !== undefined ? `; weight ${rule.weight}` : ''}
                  {rule.value !== undefined ? `; value ${raw(rule.value)}` : ''}
                  {Object.keys(rule.facts).length > 0 ? (
                    <span className="block text-ink-600">
                      {Object.entries(rule.facts)
                        .map(([name, v]) => `${name} = ${raw(v)}`)
                        .join('; ')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {trace.calculations.length > 0 ? <h3 className="mt-4 text-base">Calculations</h3> : null}
      <ul className="mt-2 space-y-1 text-sm [&_a]:underline">
        {trace.calculations.map((c) => (
          <li key={`${c.stage ?? ''}-${c.id}`}>
            <code>{c.id}</code> = <strong>{raw(c.value)}</strong>
            {c.unit ? ` ${c.unit}` : ''}: {c.description}
          </li>
        ))}
      </ul>
      {trace.parameters.length > 0 ? <h3 className="mt-4 text-base">Parameters</h3> : null}
      <ul className="mt-2 space-y-1 text-sm [&_a]:underline">
        {trace.parameters.map((p) => (
          <li key={`${p.set}-${p.key}-${p.from}`}>
            <code>{p.name}</code> = <strong>{raw(p.value)}</strong> ({p.set}/{p.key}, {p.from} to{' '}
            {p.to ?? 'open'}). Source:{' '}
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
      {trace.missing && trace.missing.length > 0 ? (
        <p className="mt-4 text-sm text-ink-700">
          Read while missing (0 or default used): {trace.missing.join(', ')}
        </p>
      ) : null}
    </div>
  );
}

export function WhyThisResult({
  evaluation,
  staff = false,
}: {
  evaluation: AssessmentEvaluation;
  staff?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <section aria-labelledby="why-heading" className="card p-5 sm:p-6" data-testid="why-this-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="why-heading" className="text-xl">
          Why this result
        </h2>
        {staff ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((o) => !o)}
          >
            Adviser detail
          </button>
        ) : null}
      </div>
      <div data-testid="client-why">
        <ClientWhy evaluation={evaluation} />
      </div>
      {staff && open ? (
        <div id={detailId}>
          <AdviserDetail evaluation={evaluation} />
        </div>
      ) : null}
    </section>
  );
}
