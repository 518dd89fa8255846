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
          <div
            key={item.id}
            className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:justify-between"
            data-question={item.id}
          >
            <div>
              <dt className="text-sm text-ink-600">{item.question}</dt>
              <dd className={item.answered ? 'font-semibold text-ink-900' : 'text-ink-500 italic'}>
                {item.answer}
              </dd>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm self-start no-print"
              onClick={() => onChange(item.step)}
              aria-label={`Change: ${item.question}`}
            >
              Change
            </button>
          </div>
        ))}
      </dl>
    </section>
  );
}
