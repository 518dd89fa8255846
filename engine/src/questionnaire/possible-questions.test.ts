import { describe, expect, it } from 'vitest';
import type { Question } from '../types';
import { possibleQuestions } from './possible-questions';
import { visibleQuestions } from './visible-questions';

const yesNo = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];
const questions: Question[] = [
  { id: 'hasPatents', question: 'Patents?', type: 'radio', options: yesNo },
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
  { id: 'group', question: 'Group?', type: 'radio', options: yesNo, optional: true },
  {
    id: 'groupDetail',
    question: 'Group detail',
    type: 'text',
    condition: {
      any: [
        { fact: 'group', operator: 'equal', value: true },
        { fact: 'hasPatents', operator: 'equal', value: true },
      ],
    },
  },
];
const definition = { questionnaire: { questions } };
const ids = (list: Question[]) => list.map((q) => q.id);

describe('possibleQuestions', () => {
  it('before any answer, counts every question that could still be asked', () => {
    expect(ids(possibleQuestions(definition, {}))).toEqual(ids(questions));
    expect(ids(visibleQuestions(definition, {}))).toEqual(['hasPatents', 'notUk', 'group']);
  });

  it('an answer rules questions out, never in: the total only falls', () => {
    expect(ids(possibleQuestions(definition, { hasPatents: false }))).toEqual([
      'hasPatents',
      'notUk',
      'group',
      'groupDetail',
    ]);
    expect(ids(possibleQuestions(definition, { hasPatents: true }))).toEqual(ids(questions));
    expect(ids(possibleQuestions(definition, { hasPatents: true, jurisdiction: 'uk' }))).toEqual([
      'hasPatents',
      'jurisdiction',
      'ukDetail',
      'group',
      'groupDetail',
    ]);
    // any: one branch already holds, so the group answer no longer matters
    expect(
      ids(possibleQuestions(definition, { hasPatents: true, jurisdiction: 'usa', group: false })),
    ).toContain('groupDetail');
  });

  it('a question passed and left blank is settled as unanswered; one still ahead is not', () => {
    const answers = { hasPatents: false };
    // On "group" (optional, blank): groupDetail may still appear.
    expect(ids(possibleQuestions(definition, answers, { current: 'group' }))).toContain('groupDetail');
    // Past it (on groupDetail's place there is nothing; use a later current): settled.
    const withEnd: Question[] = [...questions, { id: 'end', question: 'End', type: 'text' }];
    expect(
      ids(possibleQuestions({ questionnaire: { questions: withEnd } }, answers, { current: 'end' })),
    ).toEqual(['hasPatents', 'notUk', 'group', 'end']);
  });
});
