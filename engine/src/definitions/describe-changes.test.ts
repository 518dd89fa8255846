/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- fixtures edit the definition JSON freely */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeChanges } from './describe-changes';

const sdlt = JSON.parse(
  readFileSync(new URL('../../../definitions/assessments/sdlt_refund/v2.json', import.meta.url), 'utf8'),
) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below

describe('describeChanges: the diff in sentences', () => {
  it('no change, no sentence (version and status are not changes)', () => {
    expect(describeChanges(sdlt, { ...structuredClone(sdlt), version: 9, status: 'draft' })).toEqual([]);
  });

  it('threshold, new question, factor points, removed rule, reorder, effective date', () => {
    const draft = structuredClone(sdlt);
    draft.eligibility.bands.find((b: { likelihood: string }) => b.likelihood === 'Likely').min = 70;
    draft.questionnaire.questions.push({
      id: 'auctionSDR',
      question: 'Was the property bought at auction?',
      type: 'radio',
      options: [
        { value: true, label: 'Yes' },
        { value: false, label: 'No' },
      ],
    });
    const factor = draft.eligibility.factors[1];
    factor.max += 5;
    const removed = draft.eligibility.rules.pop();
    draft.questionnaire.questions.splice(
      0,
      2,
      draft.questionnaire.questions[1],
      draft.questionnaire.questions[0],
    );
    draft.effectiveFrom = '2027-04-06';
    const sentences = describeChanges(sdlt, draft).map((c) => c.sentence);
    expect(sentences).toContain('Likely threshold: 75 → 70');
    expect(sentences).toContain('New question: “Was the property bought at auction?”');
    expect(sentences).toContain(`Factor “${factor.description}” maximum: ${factor.max - 5} → ${factor.max}`);
    expect(sentences).toContain(`Points rule “${removed.description}” removed`);
    expect(sentences).toContain('Questions reordered');
    expect(sentences).toContain(`Effective from: ${sdlt.effectiveFrom} → 2027-04-06`);
    const threshold = describeChanges(sdlt, draft).find((c) => c.sentence.startsWith('Likely threshold'))!;
    expect(threshold).toMatchObject({ screen: 'Scoring', kind: 'changed', path: '/eligibility/bands/0/min' });
  });

  it('rule points and conditions', () => {
    const draft = structuredClone(sdlt);
    const rule = draft.eligibility.rules[0];
    rule.points += 1;
    rule.conditions = { all: [{ fact: 'x', operator: 'equal', value: 1 }] };
    const sentences = describeChanges(sdlt, draft).map((c) => c.sentence);
    expect(sentences).toContain(
      `Points rule “${rule.description}” points: ${rule.points - 1} → ${rule.points}`,
    );
    expect(sentences).toContain(`Points rule “${rule.description}”: condition changed`);
  });
});
