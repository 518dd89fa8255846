import { useEffect, useMemo, useState } from 'react';
import { evaluateAssessment, type AssessmentEvaluation, type LoadedDefinition } from '@reclaim/engine';
import { ASSESSMENT_MESSAGES } from '../messages';
import { answersToSave } from '../lib/steps';

/** Name of the performance measure of each in-browser evaluation (read by the benchmark). */
export const EVALUATE_MEASURE = 'reclaim:evaluate';

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
export function useEvaluation(definition: LoadedDefinition | null, answers: Readonly<Record<string, unknown>>): EvaluationState {
  const active = useMemo(() => (definition ? answersToSave(definition, answers) : {}), [definition, answers]);
  const key = JSON.stringify(active);
  const [state, setState] = useState<EvaluationState>({ evaluation: null, error: null, calculating: false, key: '' });

  useEffect(() => {
    if (!definition || Object.keys(active).length === 0) {
      setState({ evaluation: null, error: null, calculating: false, key });
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, calculating: true }));
    const start = performance.now();
    evaluateAssessment({ definition, answers: active }).then(
      (evaluation) => {
        const end = performance.now();
        try {
          performance.measure(EVALUATE_MEASURE, { start, end });
        } catch {
          // measure is informational
        }
        if (!cancelled) setState({ evaluation, error: null, calculating: false, key });
      },
      () => {
        if (!cancelled) setState({ evaluation: null, error: ASSESSMENT_MESSAGES.eligibilityFailed, calculating: false, key });
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, key]);

  const runs = definition !== null && Object.keys(active).length > 0;
  // Until the evaluation of these answers has settled, it is being calculated.
  return { ...state, calculating: state.calculating || (runs && state.key !== key) };
}
