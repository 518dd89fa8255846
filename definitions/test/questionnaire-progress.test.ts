// "Step n / total" never goes backwards while a user answers forward (issue 11: it jumped from
// 1/15 to 6/17 as conditional questions appeared). The total counts the questions that may still
// be asked (possibleQuestions); checked on every definition across answer sets that take every
// branch of every condition.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  answerCombinations,
  possibleQuestions,
  visibleQuestions,
  type AssessmentDefinition,
} from '@reclaim/engine';

const assessmentsDir = new URL('../assessments/', import.meta.url);
const files = readdirSync(assessmentsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(new URL(`${d.name}/`, assessmentsDir))
      .filter((f) => /^v\d+\.json$/.test(f))
      .map((f) => `${d.name}/${f}`),
  )
  .sort();

describe.each(files)('%s: progress while answering forward', (file) => {
  const definition = JSON.parse(readFileSync(new URL(file, assessmentsDir), 'utf8')) as AssessmentDefinition;

  it('the total never rises, the step rises by one, and every question asked was counted', () => {
    for (const full of answerCombinations(definition, { limit: 400 })) {
      const asked = visibleQuestions(definition, full);
      let answers: Record<string, unknown> = {};
      let lastTotal = Infinity;
      let lastPercent = 0;
      asked.forEach((question, index) => {
        const possible = possibleQuestions(definition, answers, { current: question.id });
        const total = possible.length + 1; // + the review step
        const n = possible.findIndex((q) => q.id === question.id) + 1;
        const where = `${file} at ${question.id} with ${JSON.stringify(answers)}`;
        expect(n, where).toBe(index + 1);
        expect(total, where).toBeLessThanOrEqual(lastTotal);
        expect(n / total, where).toBeGreaterThan(lastPercent);
        const counted = new Set(possible.map((q) => q.id));
        for (const later of asked) expect(counted.has(later.id), `${where}: ${later.id}`).toBe(true);
        lastTotal = total;
        lastPercent = n / total;
        if (full[question.id] !== undefined) answers = { ...answers, [question.id]: full[question.id] };
      });
      // The review step: every visible question plus the review, the last step.
      expect(asked.length + 1).toBeLessThanOrEqual(lastTotal);
    }
  });
});
