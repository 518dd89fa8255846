// The assessment bench drives the product's questionnaire and results page with their own selectors,
// on the definition in force today. Nothing else runs `npm run bench`, and this section once rotted
// unseen (a new definition version, a renamed results element); here it runs once, briefly.
import { describe, expect, it } from 'vitest';
import { runAssessmentBench } from '../../scripts/bench/assessment';

describe('npm run bench -- --only assessment', () => {
  it('runs through on the definition in force today (1 load, 2 answer changes)', async () => {
    await expect(runAssessmentBench({ loads: 1, changes: 2 })).resolves.toBeUndefined();
  });
});
