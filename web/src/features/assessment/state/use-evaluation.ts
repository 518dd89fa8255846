import { useEffect, useMemo, useRef, useState } from 'react';
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

/**
 * An evaluation slower than this (a table of 2,000 share trades takes 0.6–2 s) blocks the page
 * while it runs, so the next one waits until the answers have settled for SETTLE_MS.
 */
export const SLOW_EVALUATION_MS = 50;
export const SETTLE_MS = 300;

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

  // How long the last evaluation took, and the one running now: at most one runs at a time, and
  // answers changed while it runs are evaluated once it ends (the latest only).
  const lastMs = useRef(0);
  const running = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    if (!definition || Object.keys(active).length === 0) {
      setState({ evaluation: null, error: null, calculating: false, key });
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, calculating: true }));
    const run = () => {
      running.current = running.current.then(async () => {
        if (cancelled) return; // newer answers came while the previous evaluation ran
        const start = performance.now();
        try {
          const evaluation = await evaluateToday(definition, active, evaluate);
          try {
            performance.measure(EVALUATE_MEASURE, { start, end: performance.now() });
          } catch {
            // measure is informational
          }
          if (!cancelled) setState({ evaluation, error: null, calculating: false, key });
        } catch (error: unknown) {
          if (!cancelled)
            setState({ evaluation: null, error: evaluationErrorMessage(error), calculating: false, key });
        } finally {
          lastMs.current = performance.now() - start;
        }
      });
    };
    const timer = lastMs.current > SLOW_EVALUATION_MS ? setTimeout(run, SETTLE_MS) : undefined;
    if (timer === undefined) run();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `key` stands for `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, key, evaluate]);

  const runs = definition !== null && Object.keys(active).length > 0;
  // Until the evaluation of these answers has settled, it is being calculated.
  return { ...state, calculating: state.calculating || (runs && state.key !== key) };
}
