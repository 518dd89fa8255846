// The in-browser evaluation: the engine's results as they are, and the failed stage's own text
// (the engine tags an error inside a stage with it; the web shows it).
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  PIPELINE,
  STAGE_FAILED_TEXT,
  evaluateAssessment,
  loadDefinition,
  todayIso,
  type StageHandler,
} from '@reclaim/engine';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import sdltParams from '../../../../../definitions/parameters/sdlt.json';
import { ASSESSMENT_MESSAGES } from '../messages';
import { SETTLE_MS, SLOW_EVALUATION_MS, useEvaluation, type Evaluate } from './use-evaluation';

const definition = loadDefinition(sdltJson, { parameterSets: [sdltParams] });
const answers = {
  propertyTypeSDR: 'Mixed-Use',
  purchaseDateSDR: '2026-05-21',
  purchasePriceSDR: 600000,
  sdltPaidSDR: 19500,
};

/** The engine with the named stage of its pipeline failing. */
function failingAt(name: StageHandler['name']): Evaluate {
  const pipeline = PIPELINE.map((stage) =>
    stage.name === name
      ? {
          ...stage,
          run: () => {
            throw new Error('boom');
          },
        }
      : stage,
  );
  return (options) => evaluateAssessment({ ...options, pipeline });
}

async function errorWith(evaluate: Evaluate): Promise<string | null> {
  const { result } = renderHook(() => useEvaluation(definition, answers, evaluate));
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

  it('the engine’s stage texts are the spec’s (section 8)', () => {
    expect(STAGE_FAILED_TEXT).toEqual({
      eligibility: ASSESSMENT_MESSAGES.eligibilityFailed,
      complexity: ASSESSMENT_MESSAGES.complexityFailed,
      value: ASSESSMENT_MESSAGES.valueFailed,
      recommendation: ASSESSMENT_MESSAGES.recommendationFailed,
    });
  });

  it.each([
    ['facts', ASSESSMENT_MESSAGES.eligibilityFailed],
    ['eligibility', ASSESSMENT_MESSAGES.eligibilityFailed],
    ['complexity', ASSESSMENT_MESSAGES.complexityFailed],
    ['value', ASSESSMENT_MESSAGES.valueFailed],
    ['potential', ASSESSMENT_MESSAGES.complexityFailed],
    ['approach', ASSESSMENT_MESSAGES.complexityFailed],
    ['recommendation', ASSESSMENT_MESSAGES.recommendationFailed],
    ['resultFields', ASSESSMENT_MESSAGES.recommendationFailed],
  ] as const)('a failure in the %s stage shows "%s"', async (stage, text) => {
    expect(await errorWith(failingAt(stage))).toBe(text);
  });

  it('an error from outside the pipeline shows the eligibility text', async () => {
    expect(await errorWith(() => Promise.reject(new Error('no definition')))).toBe(
      ASSESSMENT_MESSAGES.eligibilityFailed,
    );
  });

  it('runs one evaluation at a time: answers changed while it runs are evaluated once, the latest only', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    const evaluate: Evaluate = async (options) => {
      seen.push(Number(options.answers?.purchasePriceSDR));
      if (seen.length === 1) await gate;
      return evaluateAssessment(options);
    };
    const { result, rerender } = renderHook(
      ({ price }) => useEvaluation(definition, { ...answers, purchasePriceSDR: price }, evaluate),
      {
        initialProps: { price: 600000 },
      },
    );
    await waitFor(() => expect(seen).toEqual([600000]));
    for (const price of [610000, 620000, 630000]) rerender({ price });
    release();
    await waitFor(() => expect(result.current.calculating).toBe(false));
    expect(seen).toEqual([600000, 630000]);
    expect(result.current.evaluation?.answers.purchasePriceSDR).toBe(630000);
  });

  it('after a slow evaluation, waits until the answers settle before the next', async () => {
    const seen: number[] = [];
    const evaluate: Evaluate = async (options) => {
      seen.push(Number(options.answers?.purchasePriceSDR));
      const until = performance.now() + SLOW_EVALUATION_MS + 10;
      while (performance.now() < until) {
        // a table of thousands of trades keeps the engine this busy
      }
      return evaluateAssessment(options);
    };
    const { result, rerender } = renderHook(
      ({ price }) => useEvaluation(definition, { ...answers, purchasePriceSDR: price }, evaluate),
      {
        initialProps: { price: 600000 },
      },
    );
    await waitFor(() => expect(result.current.calculating).toBe(false));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // not performance: the busy engine reads it
    try {
      rerender({ price: 610000 });
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
      rerender({ price: 620000 });
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
      expect(seen).toEqual([600000]);
      expect(result.current.calculating).toBe(true);
      await vi.advanceTimersByTimeAsync(SETTLE_MS);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(result.current.calculating).toBe(false));
    expect(seen).toEqual([600000, 620000]);
  });
});
