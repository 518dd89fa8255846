import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { activeAnswers, visibleQuestions } from './visible-questions';
import { deepFreeze } from '../definitions/loaded-definition';

const questions: Question[] = [
  {
    id: 'hasPatents',
    question: 'Do you hold patents?',
    type: 'radio',
    options: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
  {
    id: 'jurisdiction',
    question: 'Where?',
    type: 'select',
    options: [
      { value: 'uk', label: 'UK' },
      { value: 'usa', label: 'USA' },
    ],
    condition: { fact: 'hasPatents', operator: 'equal', value: true },
  },
  {
    id: 'ukDetail',
    question: 'UK detail',
    type: 'text',
    condition: { fact: 'jurisdiction', operator: 'equal', value: 'uk' },
  },
  {
    id: 'notUk',
    question: 'Not UK',
    type: 'text',
    condition: { not: { fact: 'jurisdiction', operator: 'equal', value: 'uk' } },
  },
  { id: 'income', question: 'Income', type: 'currency', min: 0 },
];
const definition = { questionnaire: { questions } };
const ids = (answers: Record<string, unknown>): string[] =>
  visibleQuestions(definition, answers).map((q) => q.id);

describe('visibleQuestions', () => {
  it('keeps questionnaire order and hides a question whose condition fails', () => {
    expect(ids({})).toEqual(['hasPatents', 'notUk', 'income']);
    expect(ids({ hasPatents: false })).toEqual(['hasPatents', 'notUk', 'income']);
    expect(ids({ hasPatents: true })).toEqual(['hasPatents', 'jurisdiction', 'notUk', 'income']);
    expect(ids({ hasPatents: true, jurisdiction: 'uk' })).toEqual([
      'hasPatents',
      'jurisdiction',
      'ukDetail',
      'income',
    ]);
  });

  it('a question that depends on a hidden question reads its stale answer as missing', () => {
    // jurisdiction is hidden (no patents), so its answer 'uk' must not show ukDetail.
    expect(ids({ hasPatents: false, jurisdiction: 'uk' })).toEqual(['hasPatents', 'notUk', 'income']);
  });

  it('a blank answer counts as unanswered', () => {
    expect(ids({ hasPatents: true, jurisdiction: '' })).toEqual([
      'hasPatents',
      'jurisdiction',
      'notUk',
      'income',
    ]);
  });

  it('reads only answers of questions asked before (not later ones, not unknown keys)', () => {
    const later: Question[] = [
      { id: 'a', question: 'A', type: 'text', condition: { fact: 'b', operator: 'equal', value: 'x' } },
      { id: 'b', question: 'B', type: 'text' },
      { id: 'c', question: 'C', type: 'text', condition: { fact: 'extra', operator: 'equal', value: 'x' } },
    ];
    expect(
      visibleQuestions({ questionnaire: { questions: later } }, { b: 'x', extra: 'x' }).map((q) => q.id),
    ).toEqual(['b']);
  });
});

describe('activeAnswers', () => {
  it('drops answers of hidden questions, unknown keys and blanks', () => {
    expect(
      activeAnswers(definition, {
        hasPatents: false,
        jurisdiction: 'uk',
        ukDetail: 'stale',
        notUk: '',
        income: 5000,
        review__income: '5000',
      }),
    ).toEqual({ hasPatents: false, income: 5000 });
  });

  it('keeps false and 0, which are answers', () => {
    expect(activeAnswers(definition, { hasPatents: false, income: 0 })).toEqual({
      hasPatents: false,
      income: 0,
    });
  });
});

describe('compiled visibility conditions', () => {
  it('a frozen questionnaire and a fresh copy show the same questions', () => {
    const copy = (): Question[] => JSON.parse(JSON.stringify(questions)) as Question[];
    const frozen = { questionnaire: { questions: deepFreeze(copy()) } };
    for (const answers of [{}, { hasPatents: true }, { hasPatents: true, jurisdiction: 'uk' }]) {
      const expected = ids(answers);
      expect(visibleQuestions(frozen, answers).map((q) => q.id)).toEqual(expected);
      expect(visibleQuestions(frozen, answers).map((q) => q.id)).toEqual(expected);
      expect(activeAnswers(frozen, answers)).toEqual(activeAnswers(definition, answers));
    }
  });

  it('follows a questionnaire that is not frozen when its conditions change', () => {
    const list = JSON.parse(JSON.stringify(questions)) as Question[];
    const own = { questionnaire: { questions: list } };
    expect(activeAnswers(own, { hasPatents: true, jurisdiction: 'uk' })).toEqual({
      hasPatents: true,
      jurisdiction: 'uk',
    });
    (list[1] as Question).condition = { fact: 'hasPatents', operator: 'equal', value: false };
    expect(activeAnswers(own, { hasPatents: true, jurisdiction: 'uk' })).toEqual({ hasPatents: true });
  });
});
