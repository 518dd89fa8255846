import { useEffect, useMemo, useState } from 'react';
import {
  estimateValue,
  evaluateAssessment,
  evaluateComplexity,
  evaluateEligibility,
  todayIso,
  type AssessmentEvaluation,
  type LoadedDefinition,
} from '@reclaim/engine';
import { ASSESSMENT_MESSAGES } from '../messages';
import { answersToSave } from '../lib/steps';

/** Name of the performance measure of each in-browser evaluation (read by the benchmark). */
export const EVALUATE_MEASURE = 'reclaim:evaluate';

/** The engine calls the evaluation uses (injectable in tests). */
export interface EvaluationStages {
  evaluateAssessment: typeof evaluateAssessment;
  evaluateEligibility: typeof evaluateEligibility;
  evaluateComplexity: typeof evaluateComplexity;
  estimateValue: typeof estimateValue;
}

export const ENGINE_STAGES: EvaluationStages = {
  evaluateAssessment,
  evaluateEligibility,
  evaluateComplexity,
  estimateValue,
};

export type EvaluationStage = 'eligibility' | 'complexity' | 'value' | 'recommendation';

/** Spec section 8: the text shown when a stage fails. */
export const STAGE_MESSAGES: Record<EvaluationStage, string> = {
  eligibility: ASSESSMENT_MESSAGES.eligibilityFailed,
  complexity: ASSESSMENT_MESSAGES.complexityFailed,
  value: ASSESSMENT_MESSAGES.valueFailed,
  recommendation: ASSESSMENT_MESSAGES.recommendationFailed,
};

/** An evaluation that failed, with the stage that failed. */
export class EvaluationStageError extends Error {
  constructor(
    readonly stage: EvaluationStage,
    cause: unknown,
  ) {
    super(STAGE_MESSAGES[stage], { cause });
    this.name = 'EvaluationStageError';
  }
}

async function fails(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return false;
  } catch {
    return true;
  }
}

/**
 * The whole evaluation (evaluateAssessment, so results and trace are the engine's own). When it
 * fails, the engine's stage calculators run in turn on the same answers and date (eligibility,
 * then complexity and value given that eligibility) and the first that fails names the failed
 * stage; when they all hold, the last stage (the recommendation, with the result fields) failed.
 * The engine's complexity calculator carries the potential and approach, so it runs the value
 * calculations too: a failure there shows the complexity text.
 */
export async function evaluateInStages(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
  stages: EvaluationStages = ENGINE_STAGES,
): Promise<AssessmentEvaluation> {
  const asOf = todayIso();
  const input = { definition, answers, asOf };
  try {
    return await stages.evaluateAssessment(input);
  } catch (cause) {
    let eligibility;
    try {
      eligibility = await stages.evaluateEligibility(input);
    } catch {
      throw new EvaluationStageError('eligibility', cause);
    }
    if (await fails(() => stages.evaluateComplexity({ ...input, eligibility }))) throw new EvaluationStageError('complexity', cause);
    if (await fails(() => stages.estimateValue({ ...input, eligibility }))) throw new EvaluationStageError('value', cause);
    throw new EvaluationStageError('recommendation', cause);
  }
}

/** The spec text for a failed evaluation. */
export function evaluationErrorMessage(error: unknown): string {
  return error instanceof EvaluationStageError ? STAGE_MESSAGES[error.stage] : ASSESSMENT_MESSAGES.eligibilityFailed;
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
  stages: EvaluationStages = ENGINE_STAGES,
): EvaluationState {
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
    evaluateInStages(definition, active, stages).then(
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
        if (!cancelled) setState({ evaluation: null, error: evaluationErrorMessage(error), calculating: false, key });
      },
    );
    return () => {
      cancelled = true;
    };
    // `key` stands for `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, key, stages]);

  const runs = definition !== null && Object.keys(active).length > 0;
  // Until the evaluation of these answers has settled, it is being calculated.
  return { ...state, calculating: state.calculating || (runs && state.key !== key) };
}
