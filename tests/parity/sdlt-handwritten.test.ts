// The engine benchmark's baseline (scripts/bench/sdlt-handwritten.ts) must compute what the engine
// computes from the SDLT definition, or its ratio means nothing: scores, likelihood, confidence,
// reasons, flags, estimates, approach, summary, result fields and the eligibility and complexity
// rule trace (ids, matched, counted, reason texts) are compared for a spread of answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, loadDefinition, type AssessmentDefinition } from '@reclaim/engine';
import { assessSdltHandwritten } from '../../scripts/bench/sdlt-handwritten';
import {
  SDLT_AS_OF,
  SDLT_BASELINE_VERSION,
  fromEngine,
  fromHandwritten,
  sdltSamples,
} from '../../scripts/bench/sdlt-compare';
import { repoRoot } from '../e2e/harness';

const definition = loadDefinition(
  JSON.parse(
    readFileSync(
      join(repoRoot, 'definitions', 'assessments', 'sdlt_refund', `v${SDLT_BASELINE_VERSION}.json`),
      'utf8',
    ),
  ) as AssessmentDefinition,
);

describe('hand-written SDLT baseline', () => {
  const samples = sdltSamples();
  it.each(samples.map((answers, i) => [i, answers] as const))(
    'agrees with the engine on answer set %i',
    async (_i, answers) => {
      const engine = fromEngine(await evaluateAssessment({ definition, answers, asOf: SDLT_AS_OF }));
      const hand = fromHandwritten(assessSdltHandwritten(answers, SDLT_AS_OF));
      expect(hand).toEqual(engine);
    },
  );

  it('covers every likelihood, approach and eligibility rule both ways', async () => {
    const seen = new Set<string>();
    for (const answers of samples) {
      const e = fromEngine(await evaluateAssessment({ definition, answers, asOf: SDLT_AS_OF }));
      seen.add(`likelihood:${e.likelihood}`).add(`approach:${e.serviceApproach}`);
      for (const t of e.trace) seen.add(`${t.id}:${t.matched}`);
    }
    for (const l of ['Likely', 'Possible', 'Unlikely']) expect(seen).toContain(`likelihood:${l}`);
    const rules = 'rules' in definition.eligibility ? definition.eligibility.rules : [];
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(seen).toContain(`${rule.id}:true`);
      expect(seen).toContain(`${rule.id}:false`);
    }
  });
});
