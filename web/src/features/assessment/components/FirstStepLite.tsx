// The questionnaire's first step without SurveyJS or the engine (issue 31): on a slow phone those
// are ~400 KB compressed, eight seconds at 400 kbit/s, so a guest starting an assessment sees the
// first question rendered here from the published definition and can answer it while they load.
// The same layout as QuestionnaireScreen (title, step, progress, card, Previous / Next, the
// guest's save line), so nothing moves when the questionnaire takes over with the answer given.
// Only a first question that is a choice (radio or select, no condition) is rendered here; any
// other waits for the questionnaire.
import { useId } from 'react';
import siteConfig from '@site/site-config.json';
import { PageContainer } from '../../../components/PageContainer';
import { Spinner } from '../../../components/Spinner';
import { ASSESSMENT_MESSAGES } from '../messages';
import type { PublishedDefinition } from '../types';

type Definition = PublishedDefinition['definition'];
type Question = Definition['questionnaire']['questions'][number];

/** The definition's first question when this light step can render it, else null. */
export function liteQuestionOf(definition: Definition | undefined): Question | null {
  const question = definition?.questionnaire?.questions?.[0];
  if (!question || question.condition !== undefined) return null;
  if (question.type !== 'radio' && question.type !== 'select') return null;
  if (!Array.isArray(question.options) || question.options.length === 0) return null;
  return question;
}

const titles = siteConfig.questionnaireTitles as { byType: Record<string, string>; otherwise: string };

/** The questionnaire's title as the engine's surveyTitleFor gives it (without loading the engine). */
function titleOf(serviceType: string, definitionTitle: string | undefined): string {
  return Object.prototype.hasOwnProperty.call(titles.byType, serviceType)
    ? (titles.byType[serviceType] as string)
    : definitionTitle?.trim() || titles.otherwise;
}

export interface FirstStepLiteProps {
  serviceType: string;
  definitionTitle: string | undefined;
  /** The first question, or null while the definition loads. */
  question: Question | null;
  answers: Record<string, unknown>;
  onAnswers: (answers: Record<string, unknown>) => void;
  onNext: () => void;
  /** Next was pressed: the questionnaire goes on as soon as it is here. */
  advancing: boolean;
}

export function FirstStepLite({
  serviceType,
  definitionTitle,
  question,
  answers,
  onAnswers,
  onNext,
  advancing,
}: FirstStepLiteProps) {
  const id = useId();
  const value = question ? answers[question.id] : undefined;
  const chosen = question?.options?.findIndex((o) => o.value === value) ?? -1;
  const choose = (index: number) => {
    const option = question?.options?.[index];
    if (question && option) onAnswers({ [question.id]: option.value });
  };

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl" data-light-step="">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="eyebrow">Eligibility assessment</p>
            <h1 className="text-2xl sm:text-3xl">{titleOf(serviceType, definitionTitle)}</h1>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={chosen === -1 || advancing}
            onClick={() => onAnswers({})}
          >
            Clear
          </button>
        </div>

        <div className="mt-6">
          <div className="flex items-center justify-between text-sm text-ink-600">
            <span data-testid="step-counter">Step 1</span>
            {advancing ? <span aria-live="polite">{ASSESSMENT_MESSAGES.calculating}</span> : null}
          </div>
          <div
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-ink-100"
            role="progressbar"
            aria-label="Questionnaire progress"
            aria-valuemin={0}
            aria-valuenow={1}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: '0%' }} />
          </div>
        </div>

        <div className="card mt-6 p-4 sm:p-6">
          {/* the space SurveyJS takes for a first question (measured: ~376 px on a 390 px phone), so neither the question arriving nor the takeover moves the buttons */}
          <div className="min-h-96 sm:min-h-80">
            {question ? (
              <div className="reclaim-survey reclaim-survey-light" data-question={question.id}>
                {question.section ? (
                  <p className="mb-3 font-semibold text-ink-900">{question.section}</p>
                ) : null}
                {question.type === 'select' ? (
                  <div data-name={question.id}>
                    <label htmlFor={`${id}-select`} className="block text-lg font-semibold text-ink-900">
                      {question.question}
                    </label>
                    {question.description ? (
                      <p className="mt-1 text-ink-600" id={`${id}-description`}>
                        {question.description}
                      </p>
                    ) : null}
                    <select
                      id={`${id}-select`}
                      className="mt-3 w-full"
                      value={chosen === -1 ? '' : String(chosen)}
                      aria-describedby={question.description ? `${id}-description` : undefined}
                      disabled={advancing}
                      onChange={(e) => choose(Number(e.target.value))}
                    >
                      <option value="" disabled>
                        Select…
                      </option>
                      {question.options?.map((o, i) => (
                        <option key={i} value={String(i)}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : (
                  <fieldset
                    data-name={question.id}
                    aria-describedby={question.description ? `${id}-description` : undefined}
                  >
                    <legend className="text-lg font-semibold text-ink-900">{question.question}</legend>
                    {question.description ? (
                      <p className="mt-1 text-ink-600" id={`${id}-description`}>
                        {question.description}
                      </p>
                    ) : null}
                    <div className="mt-3 space-y-1">
                      {question.options?.map((o, i) => (
                        <label key={i} className="flex min-h-11 cursor-pointer items-center gap-3 py-1">
                          <input
                            type="radio"
                            name={`${id}-radio`}
                            value={String(i)}
                            checked={chosen === i}
                            disabled={advancing}
                            onChange={() => choose(i)}
                            className="h-5 w-5"
                          />
                          <span>{o.label}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
              </div>
            ) : (
              <div
                className="flex min-h-96 items-center sm:min-h-80 justify-center"
                role="status"
                aria-live="polite"
              >
                <Spinner size="lg" label={ASSESSMENT_MESSAGES.loading} />
              </div>
            )}
          </div>

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-4">
            <button type="button" className="btn btn-secondary" disabled>
              Previous
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={onNext}
              disabled={chosen === -1 || advancing}
            >
              Next
            </button>
          </div>
          <div className="mt-3">
            <p className="text-sm text-ink-500" data-testid="save-state">
              {ASSESSMENT_MESSAGES.guestKept}
            </p>
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
