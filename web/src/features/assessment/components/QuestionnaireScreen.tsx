// The questionnaire screen: title, progress, the current question (SurveyJS), Previous / Next,
// the review step with local results, saving state and Submit Assessment.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageContainer } from '../../../components/PageContainer';
import { Spinner } from '../../../components/Spinner';
import { canGoNext, progressOf } from '../lib/steps';
import { ASSESSMENT_MESSAGES } from '../messages';
import { useAssessment } from '../state/AssessmentProvider';
import { QuestionnaireSurvey } from './QuestionnaireSurvey';
import { ReviewStep } from './ReviewStep';
import { InProgressBanner, ResultsView } from './ResultsView';

function SaveState() {
  const { mode, saved, saving, saveError } = useAssessment();
  if (saveError) {
    return (
      <p className="alert-error text-sm" role="alert">
        {saveError}
      </p>
    );
  }
  const text =
    mode === 'guest'
      ? ASSESSMENT_MESSAGES.guestKept
      : saving
        ? 'Saving…'
        : saved
          ? 'All changes saved'
          : 'Unsaved changes';
  return (
    <p className="text-sm text-ink-500" aria-live="polite" data-testid="save-state">
      {text}
    </p>
  );
}

export interface QuestionnaireScreenProps {
  /** Shown instead of the spinner while the record and definition load (the light first step). */
  loadingView?: ReactNode;
  /** Go to the next step once ready (Next was pressed on the light first step). */
  advance?: boolean;
}

export function QuestionnaireScreen({ loadingView, advance = false }: QuestionnaireScreenProps = {}) {
  const a = useAssessment();
  const advanced = useRef(false);
  const { status, next } = a;
  useEffect(() => {
    if (!advance || advanced.current || status !== 'ready') return;
    advanced.current = true;
    next();
  }, [advance, status, next]);
  const validateRef = useRef<() => boolean>(() => true);
  const registerValidate = useCallback((fn: () => boolean) => {
    validateRef.current = fn;
  }, []);
  // Clear removes every answer at once, so it asks first.
  const [confirmingClear, setConfirmingClear] = useState(false);
  const cancelClear = useCallback(() => setConfirmingClear(false), []);

  if (a.status === 'error') {
    return (
      <PageContainer className="py-12">
        <h1 className="text-2xl">{a.title}</h1>
        <div className="alert-error mt-4" role="alert">
          {a.error}
        </div>
        <p className="mt-4">
          <Link to="/eligibility-checker">Start a new assessment</Link>
        </p>
      </PageContainer>
    );
  }
  if (a.status === 'loading' || !a.definition || !a.record) {
    if (loadingView) return loadingView;
    return (
      <PageContainer className="py-12">
        <div
          className="flex min-h-[40vh] flex-col items-center justify-center gap-3"
          role="status"
          aria-live="polite"
        >
          <Spinner size="lg" label="Loading" />
          <p className="text-lg font-semibold text-ink-900">{ASSESSMENT_MESSAGES.loading}</p>
        </div>
      </PageContainer>
    );
  }

  const { definition, record, steps, stepIndex, answers } = a;
  const step = steps[stepIndex];
  const progress = progressOf(stepIndex, steps, definition, answers);
  const isReview = step?.kind === 'review';
  const readOnly = record.status !== 'in_progress';
  const resultsLink = `/assessment/${record.id}/results`;
  const headings = (definition.recommendation.text ?? []).flatMap((t) => (t.heading ? [t.heading] : []));

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="eyebrow">Eligibility assessment</p>
            <h1 className="text-2xl sm:text-3xl">{a.title}</h1>
          </div>
          {!readOnly ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-haspopup="dialog"
              onClick={() => setConfirmingClear(true)}
            >
              Clear
            </button>
          ) : null}
        </div>
        <ConfirmDialog
          open={confirmingClear}
          title={ASSESSMENT_MESSAGES.clearTitle}
          description={ASSESSMENT_MESSAGES.clearText}
          confirmLabel="Clear answers"
          danger
          onCancel={cancelClear}
          onConfirm={() => {
            setConfirmingClear(false);
            a.clear();
          }}
        />

        <div className="mt-6">
          <div className="flex items-center justify-between text-sm text-ink-600">
            <span data-testid="step-counter">
              Step {progress.n} / {progress.total}
            </span>
            {a.calculating ? <span aria-live="polite">{ASSESSMENT_MESSAGES.calculating}</span> : null}
          </div>
          <div
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-ink-100"
            role="progressbar"
            aria-label="Questionnaire progress"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.n}
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${progress.percent}%` }}
            />
          </div>
        </div>

        <div className="card mt-6 p-4 sm:p-6">
          {/* SurveyJS stays mounted on the review step so its answers and validation state persist. */}
          <div hidden={isReview}>
            {step?.kind === 'question' || steps[0]?.kind === 'question' ? (
              <QuestionnaireSurvey
                definition={definition}
                answers={answers}
                answersEpoch={a.answersEpoch}
                questionId={
                  step?.kind === 'question'
                    ? step.question.id
                    : steps[0]?.kind === 'question'
                      ? steps[0].question.id
                      : ''
                }
                onAnswers={a.setAnswers}
                registerValidate={registerValidate}
                readOnly={readOnly}
              />
            ) : null}
          </div>
          {isReview ? <ReviewStep definition={definition} answers={answers} onChange={a.goTo} /> : null}

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-ink-100 pt-4">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={a.previous}
              disabled={stepIndex === 0}
            >
              Previous
            </button>
            {isReview ? (
              readOnly ? (
                <Link to={resultsLink} className="btn btn-primary">
                  View results
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void a.submit()}
                  disabled={a.submitting}
                >
                  {a.submitting ? 'Submitting…' : 'Submit Assessment'}
                </button>
              )
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => a.next(() => validateRef.current())}
                disabled={!canGoNext(step, answers)}
              >
                Next
              </button>
            )}
          </div>
          {a.submitError ? (
            <p className="alert-error mt-4" role="alert">
              {a.submitError}
            </p>
          ) : null}
          <div className="mt-3">
            <SaveState />
          </div>
        </div>

        {isReview ? (
          <section aria-labelledby="local-results-heading" className="mt-10">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="local-results-heading" className="text-2xl">
                Your results
              </h2>
              <Link to={resultsLink}>Open the printable results page</Link>
            </div>
            <div className="mt-4 space-y-4">
              {record.status !== 'COMPLETED' ? <InProgressBanner guest={a.mode === 'guest'} /> : null}
              {a.evaluationError ? (
                <p className="alert-error" role="alert">
                  {a.evaluationError}
                </p>
              ) : a.evaluation ? (
                <ResultsView
                  evaluation={a.evaluation}
                  resultFields={a.evaluation.resultFields}
                  headings={headings}
                />
              ) : (
                <p className="text-ink-600">{ASSESSMENT_MESSAGES.noData}</p>
              )}
            </div>
          </section>
        ) : null}
      </div>
    </PageContainer>
  );
}
