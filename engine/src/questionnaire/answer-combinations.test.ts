import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { answerCombinations } from './answer-combinations';

const questions: Question[] = [
  { id: 'goal', question: 'Goal?', type: 'radio', options: [{ value: 'advancement', label: 'A' }, { value: 'routine', label: 'R' }] },
  { id: 'spend', question: 'Spend?', type: 'currency', min: 0 },
  { id: 'when', question: 'When?', type: 'date' },
  { id: 'why', question: 'Why?', type: 'text', condition: { all: [{ fact: 'goal', operator: 'equal', value: 'advancement' }, { fact: 'spend', operator: 'greaterThan', value: 100 }, { fact: 'when', operator: 'dateBefore', value: '2024-04-01' }] } },
];

describe('answerCombinations', () => {
  const sets = answerCombinations({ questionnaire: { questions } });
  it('tries every option, both sides of every named number and date, and no answer', () => {
    const values = (id: string): unknown[] => [...new Set(sets.map((s) => s[id]))];
    expect(values('goal').sort()).toEqual(['advancement', 'routine', undefined].sort());
    expect(values('spend')).toEqual(expect.arrayContaining([undefined, 0, 99, 100, 101]));
    expect(values('when')).toEqual(expect.arrayContaining([undefined, '2024-03-31', '2024-04-01', '2024-04-02']));
    expect(sets).toHaveLength(3 * 5 * 5);
  });
  it('gives questions no condition reads one valid answer', () => {
    expect(new Set(sets.map((s) => s.why))).toEqual(new Set(['Some text']));
  });
  it('samples reproducibly when the product is too large', () => {
    const a = answerCombinations({ questionnaire: { questions } }, { limit: 10 });
    expect(a).toHaveLength(10);
    expect(answerCombinations({ questionnaire: { questions } }, { limit: 10 })).toEqual(a);
  });
});
