import type { QuestionnaireSource } from '@reclaim/engine';
import { reviewItems } from '../lib/steps';

/** The last step: every visible question with its answer or "Not answered", each with a way back to change it. */
export function ReviewStep({
  definition,
  answers,
  onChange,
}: {
  definition: QuestionnaireSource;
  answers: Readonly<Record<string, unknown>>;
  onChange: (step: number) => void;
}) {
  const items = reviewItems(definition, answers);
  return (
    <section aria-labelledby="review-heading" data-testid="review-step">
      <h2 id="review-heading" className="text-xl">
        Review your answers
      </h2>
      <dl className="mt-4 divide-y divide-ink-100 rounded-md border border-ink-200">
        {items.map((item) => (
          // dt and dd directly inside the row's div (a valid dl group); the button sits in its own dd.
          <div
            key={item.id}
            className="grid grid-cols-1 gap-1 p-3 sm:grid-cols-[1fr_auto] sm:gap-x-4"
            data-question={item.id}
          >
            <dt className="text-sm text-ink-600">{item.question}</dt>
            <dd className={item.answered ? 'font-semibold text-ink-900' : 'text-ink-600 italic'}>
              {item.answer}
            </dd>
            <dd className="no-print sm:col-start-2 sm:row-span-2 sm:row-start-1">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onChange(item.step)}
                aria-label={`Change: ${item.question}`}
              >
                Change
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
