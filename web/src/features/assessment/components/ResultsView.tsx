// The results of one assessment, generically from its evaluation: eligibility, value, complexity,
// approach, documents, the result fields in the cards their definition places them in, and why.
// One story: one likelihood, one value (none when Unlikely), one confidence word.
import type { AssessmentEvaluation } from '@reclaim/engine';
import { presentResults, type CardPlace } from '../lib/present-results';
import { ASSESSMENT_MESSAGES } from '../messages';
import { Content, Paragraphs, ResultFields } from './ResultFields';
import { WhyThisResult } from './WhyThisResult';

export interface ResultsViewProps {
  evaluation: AssessmentEvaluation;
  /** Result fields: the server's stored ones for a submitted assessment, else the evaluation's. */
  resultFields: Readonly<Record<string, unknown>>;
  /** Section headings of the definition's recommendation text. */
  headings?: readonly string[];
  /** Staff (STAFF/ADMIN) may open the adviser detail of "Why this result". */
  staff?: boolean;
}

const likelihoodStyle: Record<string, string> = {
  Likely: 'bg-accent-100 text-accent-700',
  Possible: 'bg-amber-100 text-amber-800',
  Unlikely: 'bg-ink-100 text-ink-700',
};

function Card({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`card p-5 sm:p-6${wide ? ' print-wide' : ''}`}
      data-testid={`card-${id}`}
    >
      <h2 id={`${id}-heading`} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ResultsView({ evaluation, resultFields, headings, staff = false }: ResultsViewProps) {
  const r = presentResults(evaluation, resultFields);
  const fieldsIn = (place: CardPlace) => (
    <ResultFields fields={r.fields[place]} {...(headings ? { headings } : {})} />
  );
  return (
    <div className="space-y-6" data-testid="results-view">
      {r.fields.notice.map((notice) => (
        // what the client must read before anything else (a deadline that passed): the definition
        // places it here (`place: "notice"`), the page does not decide it
        <section
          key={notice.name}
          aria-labelledby={`notice-${notice.name}-heading`}
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
          data-testid="notice"
        >
          <h2 id={`notice-${notice.name}-heading`} className="text-lg font-semibold">
            {notice.label}
          </h2>
          <div className="mt-1" data-testid={`result-field-${notice.name}`}>
            <Content content={notice.content} {...(headings ? { headings } : {})} />
          </div>
        </section>
      ))}
      <Card id="likelihood" title="Eligibility" wide>
        <p className="mt-3 flex flex-wrap items-center gap-3">
          <span
            className={`rounded-full px-3 py-1 text-base font-semibold ${likelihoodStyle[r.likelihood] ?? ''}`}
            data-testid="likelihood"
          >
            {r.likelihood}
          </span>
          <span className="text-ink-700" data-testid="summary">
            {r.summary}
          </span>
        </p>
        {r.reasons.length > 0 ? (
          <ul
            className="mt-4 list-disc space-y-1 pl-5 text-sm text-ink-700"
            data-print="hide"
            data-testid="reasons"
          >
            {r.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        {r.whatWouldChange ? (
          <div className="mt-4 rounded-md bg-ink-50 p-3" data-testid="what-would-change">
            <h3 className="text-base">What would change this result</h3>
            <p className="mt-1 text-sm text-ink-700">{r.whatWouldChange}</p>
          </div>
        ) : null}
        {fieldsIn('eligibility')}
      </Card>

      {r.value ? (
        <Card id="value" title={r.value.label}>
          <p className="mt-3 text-2xl font-semibold text-ink-900" data-testid="value">
            {r.value.text}
          </p>
          {r.value.note ? (
            <p className="mt-2 text-sm text-ink-600" data-testid="value-note">
              {r.value.note}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-ink-600" data-testid="confidence">
            Confidence in this estimate: {r.value.confidence}
          </p>
          {fieldsIn('value')}
        </Card>
      ) : null}

      {r.complexity ? (
        <Card id="complexity" title="Complexity">
          <p className="mt-3 text-lg font-semibold text-ink-900" data-testid="complexity-level">
            {r.complexity.level}
          </p>
          {r.complexity.fixedReason ? (
            <p className="mt-1 text-sm text-ink-700" data-testid="complexity-reason">
              {r.complexity.fixedReason}
            </p>
          ) : r.complexity.flags.length === 0 ? (
            <p className="mt-1 text-sm text-ink-600">No complexity flags were raised.</p>
          ) : (
            <>
              {r.complexity.flagsHeading ? (
                <p className="mt-1 text-sm text-ink-600">{r.complexity.flagsHeading}</p>
              ) : null}
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm" data-testid="complexity-flags">
                {r.complexity.flags.map((flag) => (
                  <li key={flag}>{flag}</li>
                ))}
              </ul>
            </>
          )}
          {fieldsIn('complexity')}
        </Card>
      ) : null}

      <Card id="approach" title="Recommended approach" wide>
        <p className="mt-2 text-lg font-semibold text-brand-800" data-testid="service-approach">
          {r.approach.approach}
        </p>
        <p className="mt-1 text-ink-700">{r.approach.rationale}</p>
        {r.approach.actionPlan.length > 0 ? (
          <>
            <h3 className="mt-4 text-base">Action plan</h3>
            <ol className="mt-2 space-y-2">
              {r.approach.actionPlan.map((s) => (
                <li key={s.step} className="flex gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                    {s.step}
                  </span>
                  <span>
                    <span className="font-semibold">{s.title}</span>{' '}
                    <span className="text-sm text-ink-500">({s.estimatedTime})</span>
                    <span className="block text-sm text-ink-700" data-print="hide">
                      {s.description}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        {r.approach.nextSteps.length > 0 ? (
          <>
            <h3 className="mt-4 text-base">Next steps</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {r.approach.nextSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </>
        ) : null}
        {fieldsIn('approach')}
      </Card>

      {r.documents ? (
        <Card id="documents" title="Documents you will need">
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {(
              [
                ['Required', r.documents.required],
                ['Optional', r.documents.optional],
              ] as const
            )
              // An empty group is left out (a heading "Optional" over "None" says nothing).
              .filter(([, list]) => list.length > 0)
              .map(([title, list]) => (
                <div key={title}>
                  <h3 className="text-base">{title}</h3>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                    {list.map((d) => (
                      <li key={d.id}>
                        <strong>{d.name}</strong>
                        <span data-print="hide">: {d.description}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
          </div>
        </Card>
      ) : null}

      {r.fields.details.length > 0 ? (
        <Card id="details" title={`${evaluation.definition.title}: details`} wide>
          <div data-testid="result-fields">{fieldsIn('details')}</div>
        </Card>
      ) : null}

      {r.recommendationText ? (
        <Card id="recommendation" title="Our recommendation">
          <div className="mt-2" data-print="hide">
            <Paragraphs text={r.recommendationText} {...(headings ? { headings } : {})} />
          </div>
        </Card>
      ) : null}

      <WhyThisResult evaluation={evaluation} staff={staff} />
    </div>
  );
}

/** Shown for any status but COMPLETED (spec); says what to do next. */
export function InProgressBanner({ guest = false }: { guest?: boolean }) {
  return (
    <div
      role="status"
      className="rounded-md border border-yellow-300 bg-yellow-100 px-4 py-3 text-yellow-900"
      data-testid="in-progress-banner"
    >
      <p className="font-semibold" data-testid="in-progress-title">
        {ASSESSMENT_MESSAGES.inProgress}
      </p>
      <p className="mt-1 text-sm" data-testid="in-progress-next">
        {guest ? ASSESSMENT_MESSAGES.inProgressGuestNext : ASSESSMENT_MESSAGES.inProgressClientNext}
      </p>
    </div>
  );
}
