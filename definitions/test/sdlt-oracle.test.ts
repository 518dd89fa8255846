// sdlt_refund v1 against the hand-written TypeScript SDLT rules the benchmark compares it with
// (scripts/bench/sdlt-handwritten.ts, an independent reading of spec section 9 and D2–D3), on
// generated answers that sit on and beside every threshold and date window.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, loadDefinition } from '@reclaim/engine';
import { assessSdltHandwritten, type SdltAnswers } from '../../scripts/bench/sdlt-handwritten';
import json from '../assessments/sdlt_refund/v1.json';

const definition = loadDefinition(json);
const asOf = '2026-11-21';
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arb, { nil: undefined, freq: 4 });
const bool = maybe(fc.boolean());

const answers: fc.Arbitrary<SdltAnswers> = fc
  .record({
    propertyTypeSDR: maybe(fc.constantFrom('Residential', 'Commercial', 'Mixed-Use', 'Land Only')),
    // the 9, 12, 36, 45 and 48-month cut-offs before asOf, and the days either side
    purchaseDateSDR: maybe(
      fc.constantFrom(
        '2026-11-21',
        '2026-02-22',
        '2026-02-21',
        '2026-02-20',
        '2025-11-22',
        '2025-11-21',
        '2025-11-20',
        '2023-11-22',
        '2023-11-21',
        '2023-11-20',
        '2023-02-22',
        '2023-02-21',
        '2023-02-20',
        '2022-11-22',
        '2022-11-21',
        '2022-11-20',
        '2019-01-01',
      ),
    ),
    purchasePriceSDR: maybe(
      fc.oneof(
        fc.constantFrom(0, 249999, 250000, 250001, 499999, 500000, 500001, 1999999, 2000000, 2000001),
        fc.integer({ min: 0, max: 3_000_000 }),
      ),
    ),
    multipleDwellingsSDR: bool,
    hasAnnexeSDR: bool,
    partialBusinessUseSDR: bool,
    linkedTransactionsSDR: bool,
    multipleOwnersSDR: bool,
  })
  .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as SdltAnswers);

describe('sdlt_refund v1 agrees with the hand-written SDLT rules', () => {
  it('on generated answers around every threshold', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        const r = await evaluateAssessment({ definition, answers: a, asOf });
        const hand = assessSdltHandwritten(a, asOf);
        expect({
          answers: a,
          score: r.eligibility.score,
          likelihood: r.eligibility.likelihood,
          confidenceLevel: r.eligibility.confidenceLevel,
          complexityScore: r.complexity.complexityScore,
          complexityLevel: r.complexity.complexityLevel,
          flags: r.complexity.flags.map((f) => f.id),
          potentialRefund: r.complexity.potentialRefund,
          estimates: r.value.estimates,
          serviceApproach: r.complexity.serviceApproach,
          resultFields: r.resultFields,
        }).toEqual({
          answers: a,
          score: hand.score,
          likelihood: hand.likelihood,
          confidenceLevel: hand.confidenceLevel,
          complexityScore: hand.complexityScore,
          complexityLevel: hand.complexityLevel,
          flags: hand.flags,
          potentialRefund: hand.potentialRefund,
          estimates: hand.estimates,
          serviceApproach: hand.serviceApproach,
          resultFields: hand.resultFields,
        });
      }),
      { numRuns: 500, seed: 20261121 },
    );
  });
});
