import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { answerCombinations } from './answer-combinations';

const questions: Question[] = [
  {
    id: 'goal',
    question: 'Goal?',
    type: 'radio',
    options: [
      { value: 'advancement', label: 'A' },
      { value: 'routine', label: 'R' },
    ],
  },
  { id: 'spend', question: 'Spend?', type: 'currency', min: 0 },
  { id: 'when', question: 'When?', type: 'date' },
  {
    id: 'why',
    question: 'Why?',
    type: 'text',
    condition: {
      all: [
        { fact: 'goal', operator: 'equal', value: 'advancement' },
        { fact: 'spend', operator: 'greaterThan', value: 100 },
        { fact: 'when', operator: 'dateBefore', value: '2024-04-01' },
      ],
    },
  },
];

describe('answerCombinations', () => {
  it('varies the questions a condition depends on through other conditions too', () => {
    const chain: Question[] = [
      {
        id: 'asset',
        question: 'Asset?',
        type: 'select',
        options: [
          { value: 'shares', label: 'S' },
          { value: 'home', label: 'H' },
        ],
      },
      {
        id: 'trading',
        question: 'Trading?',
        type: 'radio',
        options: [
          { value: true, label: 'Yes' },
          { value: false, label: 'No' },
        ],
        condition: { fact: 'asset', operator: 'equal', value: 'shares' },
      },
      {
        id: 'share',
        question: 'Share?',
        type: 'number',
        min: 0,
        max: 100,
        condition: { fact: 'trading', operator: 'equal', value: true },
      },
    ];
    const pairs = answerCombinations({ questionnaire: { questions: chain } }).map((s) => [
      s.asset,
      s.trading,
    ]);
    for (const asset of ['shares', 'home', undefined]) {
      for (const trading of [true, false, undefined]) expect(pairs).toContainEqual([asset, trading]);
    }
  });

  const sets = answerCombinations({ questionnaire: { questions } });
  it('tries every option, both sides of every named number and date, and no answer', () => {
    const values = (id: string): unknown[] => [...new Set(sets.map((s) => s[id]))];
    expect(values('goal').sort()).toEqual(['advancement', 'routine', undefined].sort());
    expect(values('spend')).toEqual(expect.arrayContaining([undefined, 0, 99, 100, 101]));
    expect(values('when')).toEqual(
      expect.arrayContaining([undefined, '2024-03-31', '2024-04-01', '2024-04-02']),
    );
    expect(sets).toHaveLength(3 * 5 * 5);
  });
  it('gives questions no condition reads one valid answer', () => {
    expect(new Set(sets.map((s) => s.why))).toEqual(new Set(['Some text']));
  });
  it('samples reproducibly when the product is too large', () => {
    const a = answerCombinations({ questionnaire: { questions } }, { limit: 10 });
    expect(a.length).toBeGreaterThan(5);
    expect(a.length).toBeLessThanOrEqual(11);
    expect(answerCombinations({ questionnaire: { questions } }, { limit: 10 })).toEqual(a);
  });
});
