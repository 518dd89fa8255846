// The in-browser evaluation: the engine's results as they are, and the failed stage's own text.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { evaluateAssessment, loadDefinition, todayIso } from '@reclaim/engine';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../definitions/parameters/sdlt.json';
import { ASSESSMENT_MESSAGES } from '../messages';
import { ENGINE_STAGES, useEvaluation, type EvaluationStages } from './use-evaluation';

const definition = loadDefinition(sdltJson, { parameterSets: [sdltParams] });
const answers = { propertyTypeSDR: 'Mixed-Use', purchaseDateSDR: '2026-05-21', purchasePriceSDR: 600000, sdltPaidSDR: 19500 };
const boom = () => Promise.reject(new Error('boom'));

/** The engine, with the whole evaluation and the named stage calculators failing. */
function failing(...names: (keyof EvaluationStages)[]): EvaluationStages {
  const stages: EvaluationStages = { ...ENGINE_STAGES, evaluateAssessment: vi.fn(boom) };
  for (const name of names) stages[name] = vi.fn(boom);
  return stages;
}

async function errorWith(stages: EvaluationStages): Promise<string | null> {
  const { result } = renderHook(() => useEvaluation(definition, answers, stages));
  await waitFor(() => expect(result.current.calculating).toBe(false));
  expect(result.current.evaluation).toBeNull();
  return result.current.error;
}

describe('useEvaluation', () => {
  it('gives evaluateAssessment’s results unchanged (results, result fields and trace)', async () => {
    const { result } = renderHook(() => useEvaluation(definition, answers));
    await waitFor(() => expect(result.current.evaluation).not.toBeNull());
    const expected = await evaluateAssessment({ definition, answers, asOf: todayIso() });
    expect(result.current.evaluation).toEqual(expected);
    expect(result.current.error).toBeNull();
  });

  it('a failed eligibility stage shows its text', async () => {
    expect(await errorWith(failing('evaluateEligibility'))).toBe(ASSESSMENT_MESSAGES.eligibilityFailed);
  });

  it('a failed complexity stage shows its text', async () => {
    const stages = failing('evaluateComplexity');
    expect(await errorWith(stages)).toBe(ASSESSMENT_MESSAGES.complexityFailed);
    const [options] = vi.mocked(stages.evaluateComplexity).mock.calls[0] ?? [];
    expect(options?.answers).toEqual(answers);
    expect(options?.eligibility?.serviceType).toBe('sdlt_refund');
  });

  it('a failed value stage shows its text', async () => {
    expect(await errorWith(failing('estimateValue'))).toBe(ASSESSMENT_MESSAGES.valueFailed);
  });

  it('a failure after eligibility, complexity and value hold is the recommendation’s', async () => {
    expect(await errorWith(failing())).toBe(ASSESSMENT_MESSAGES.recommendationFailed);
  });
});
