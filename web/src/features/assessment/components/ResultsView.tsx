// The results of one assessment: likelihood, complexity, value, approach, action plan, documents,
// next steps, per-type result fields and why.
import type { AssessmentEvaluation } from '@reclaim/engine';
import { formatGbp } from '../lib/score-band';
import { ASSESSMENT_MESSAGES } from '../messages';
import { Paragraphs, ResultFields } from './ResultFields';
import { WhyThisResult } from './WhyThisResult';

export interface ResultsViewProps {
  evaluation: AssessmentEvaluation;
  /** Result fields: the server's stored ones for a submitted assessment, else the evaluation's. */
  resultFields: Readonly<Record<string, unknown>>;
  type: string;
  /** Section headings of the definition's recommendation text. */
  headings?: readonly string[];
}

const likelihoodStyle: Record<string, string> = {
  Likely: 'bg-accent-100 text-accent-700',
  Possible: 'bg-amber-100 text-amber-800',
  Unlikely: 'bg-ink-100 text-ink-700',
};

function factorText(value: number, unit: string | undefined): string {
  if (unit === 'GBP') return formatGbp(value);
  if (unit === 'ratio') return `${(value * 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
  if (unit === 'percent') return `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
  const n = value.toLocaleString('en-GB', { maximumFractionDigits: 4 });
  return unit ? `${n} ${unit}` : n;
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-md border border-ink-200 p-3">
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function ResultsView({ evaluation, resultFields, type, headings }: ResultsViewProps) {
  const { eligibility, complexity, value, recommendation } = evaluation;
  const required = recommendation.documentRequirements.filter((d) => d.required);
  const optional = recommendation.documentRequirements.filter((d) => !d.required);
  const hasTypeFields = Object.keys(resultFields).length > 0;
  return (
    <div className="space-y-6" data-testid="results-view">
      <section aria-labelledby="likelihood-heading" className="card p-5 sm:p-6 print-wide">
        <h2 id="likelihood-heading" className="text-xl">
          Eligibility
        </h2>
        <p className="mt-3 flex flex-wrap items-center gap-3">
          <span className={`rounded-full px-3 py-1 text-base font-semibold ${likelihoodStyle[eligibility.likelihood] ?? ''}`} data-testid="likelihood">
            {eligibility.likelihood}
          </span>
          <span className="text-ink-700">{recommendation.summary}</span>
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Stat label="Score" value={`${eligibility.score}%`} testId="eligibility-score" />
          <Stat label="Confidence" value={`${eligibility.confidenceLevel}%`} testId="confidence" />
          <Stat label="Points" value={`${eligibility.rawScore} / ${eligibility.maxPossibleScore}`} />
        </dl>
        {eligibility.reasons.length > 0 ? (
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-ink-700" data-print="hide">
            {eligibility.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="value-heading" className="card p-5 sm:p-6">
        <h2 id="value-heading" className="text-xl">
          Estimated {value.valueType}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Stat label="Low" value={formatGbp(value.estimates.low)} testId="value-low" />
          <Stat label="Median" value={formatGbp(value.estimates.median)} testId="value-median" />
          <Stat label="High" value={formatGbp(value.estimates.high)} testId="value-high" />
        </dl>
        <p className="mt-3 text-sm text-ink-600">Confidence in this estimate: {value.confidenceLevel}</p>
        {value.factors.length > 0 ? (
          <ul className="mt-2 text-sm text-ink-700" data-print="hide">
            {value.factors.map((f) => (
              <li key={f.label}>
                {f.label}: {factorText(f.value, f.unit)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="complexity-heading" className="card p-5 sm:p-6">
        <h2 id="complexity-heading" className="text-xl">
          Complexity
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <Stat label="Level" value={complexity.complexityLevel} testId="complexity-level" />
          <Stat label="Score" value={`${complexity.complexityScore} / 100`} testId="complexity-score" />
        </dl>
        <h3 className="mt-4 text-base">Flags</h3>
        {complexity.flags.length === 0 ? (
          <p className="text-sm text-ink-600">No complexity flags were raised.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" data-testid="complexity-flags">
            {complexity.flags.map((f) => (
              <li key={f.id}>
                {f.description} <span className="text-ink-500">(weight {f.weight})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="approach-heading" className="card p-5 sm:p-6 print-wide">
        <h2 id="approach-heading" className="text-xl">
          Recommended approach
        </h2>
        <p className="mt-2 text-lg font-semibold text-brand-800" data-testid="service-approach">
          {complexity.serviceApproach}
        </p>
        <p className="mt-1 text-ink-700">{complexity.approachRationale}</p>
        {recommendation.actionPlan.length > 0 ? (
          <>
            <h3 className="mt-4 text-base">Action plan</h3>
            <ol className="mt-2 space-y-2">
              {recommendation.actionPlan.map((s) => (
                <li key={s.step} className="flex gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                    {s.step}
                  </span>
                  <span>
                    <span className="font-semibold">{s.title}</span> <span className="text-sm text-ink-500">({s.estimatedTime})</span>
                    <span className="block text-sm text-ink-700" data-print="hide">
                      {s.description}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        {recommendation.nextSteps.length > 0 ? (
          <>
            <h3 className="mt-4 text-base">Next steps</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {recommendation.nextSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="documents-heading" className="card p-5 sm:p-6">
        <h2 id="documents-heading" className="text-xl">
          Documents you will need
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="text-base">Required</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {required.length === 0 ? <li>None</li> : required.map((d) => <li key={d.id}><strong>{d.name}</strong><span data-print="hide">: {d.description}</span></li>)}
            </ul>
          </div>
          <div>
            <h3 className="text-base">Optional</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {optional.length === 0 ? <li>None</li> : optional.map((d) => <li key={d.id}><strong>{d.name}</strong><span data-print="hide">: {d.description}</span></li>)}
            </ul>
          </div>
        </div>
      </section>

      {hasTypeFields ? (
        <section aria-labelledby="fields-heading" className="card p-5 sm:p-6 print-wide" data-testid="result-fields">
          <h2 id="fields-heading" className="text-xl">
            {evaluation.definition.title} summary
          </h2>
          <div className="mt-2">
            <ResultFields type={type} fields={resultFields} {...(headings ? { headings } : {})} />
          </div>
        </section>
      ) : recommendation.text ? (
        <section aria-labelledby="text-heading" className="card p-5 sm:p-6">
          <h2 id="text-heading" className="text-xl">
            Our recommendation
          </h2>
          <div className="mt-2">
            <Paragraphs text={recommendation.text} {...(headings ? { headings } : {})} />
          </div>
        </section>
      ) : null}

      <WhyThisResult trace={evaluation.trace} />
    </div>
  );
}

export function InProgressBanner() {
  return (
    <div role="status" className="rounded-md border border-yellow-300 bg-yellow-100 px-4 py-3 font-semibold text-yellow-900" data-testid="in-progress-banner">
      {ASSESSMENT_MESSAGES.inProgress}
    </div>
  );
}
