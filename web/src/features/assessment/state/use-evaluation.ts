import { useEffect, useMemo, useState } from 'react';
import {
  PIPELINE,
  evaluateAssessment,
  isEvaluationError,
  todayIso,
  type AssessmentEvaluation,
  type LoadedDefinition,
} from '@reclaim/engine';
import { answersToSave } from '../lib/steps';

/** Name of the performance measure of each in-browser evaluation (read by the benchmark). */
export const EVALUATE_MEASURE = 'reclaim:evaluate';

/** The engine call the evaluation uses (tests pass one with a failing stage). */
export type Evaluate = typeof evaluateAssessment;

/** The whole evaluation with the engine's declared pipeline, on today's date. */
export function evaluateToday(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
  evaluate: Evaluate = evaluateAssessment,
): Promise<AssessmentEvaluation> {
  return evaluate({ definition, answers, asOf: todayIso() });
}

/**
 * The spec text for a failed evaluation: the failing stage's own (the engine tags every error
 * inside a stage with it); anything else failed before the first stage could give eligibility.
 */
export function evaluationErrorMessage(error: unknown): string {
  if (isEvaluationError(error)) return error.message;
  return PIPELINE[0]?.errorText ?? 'Failed to calculate eligibility. Please try again.';
}

export interface EvaluationState {
  evaluation: AssessmentEvaluation | null;
  error: string | null;
  calculating: boolean;
  /** The evaluation belongs to these active answers (JSON). */
  key: string;
}

/**
 * Results computed in the browser with the engine (no server call), from the active answers.
 * Calculators run only when a service type is chosen and at least one answer exists.
 */
export function useEvaluation(
  definition: LoadedDefinition | null,
  answers: Readonly<Record<string, unknown>>,
  evaluate: Evaluate = evaluateAssessment,
): EvaluationState {
  const active = useMemo(() => (definition ? answersToSave(definition, answers) : {}), [definition, answers]);
  const key = JSON.stringify(active);
  const [state, setState] = useState<EvaluationState>({
    evaluation: null,
    error: null,
    calculating: false,
    key: '',
  });

  useEffect(() => {
    if (!definition || Object.keys(active).length === 0) {
      setState({ evaluation: null, error: null, calculating: false, key });
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, calculating: true }));
    const start = performance.now();
    evaluateToday(definition, active, evaluate).then(
      (evaluation) => {
        const end = performance.now();
        try {
          performance.measure(EVALUATE_MEASURE, { start, end });
        } catch {
          // measure is informational
        }
        if (!cancelled) setState({ evaluation, error: null, calculating: false, key });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({ evaluation: null, error: evaluationErrorMessage(error), calculating: false, key });
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, key, evaluate]);

  const runs = definition !== null && Object.keys(active).length > 0;
  // Until the evaluation of these answers has settled, it is being calculated.
  return { ...state, calculating: state.calculating || (runs && state.key !== key) };
}
