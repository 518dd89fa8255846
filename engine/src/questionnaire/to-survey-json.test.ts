import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import type { Condition, Question } from '../types';
import { answerCombinations } from './answer-combinations';
import { toSurveyJson, type SurveyElement, type SurveyJson } from './to-survey-json';
import { visibleQuestions, type QuestionnaireSource } from './visible-questions';

const require = createRequire(import.meta.url);
const schemaPath = join(dirname(require.resolve('survey-core')), 'surveyjs_definition.json');
const surveySchema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
const ajv = new Ajv({ strict: false, allErrors: true });
const validateSurvey = ajv.compile(surveySchema);

/** The whole document, then each element against the schema of its own type (the whole-document
 * check alone accepts any element that matches some type). */
function schemaErrors(json: SurveyJson): string[] {
  const errors: string[] = [];
  if (!validateSurvey(json)) errors.push(ajv.errorsText(validateSurvey.errors));
  for (const page of json.pages) {
    for (const element of page.elements) {
      const validate = ajv.getSchema(element.type);
      if (validate === undefined) errors.push(`${element.name}: no schema for type ${element.type}`);
      else if (!validate(element)) errors.push(`${element.name}: ${ajv.errorsText(validate.errors)}`);
    }
  }
  return errors;
}

function surveyVisibleIds(json: SurveyJson, answers: Record<string, unknown>, ids: string[]): string[] {
  const model = new Model(json);
  model.data = answers;
  return ids.filter((id) => model.getQuestionByName(id)?.isVisible === true);
}

const yesNo = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

function definitionWith(
  condition: Condition,
  driver: Question,
  extra: Question[] = [],
): QuestionnaireSource & { title: string } {
  return {
    title: 'Test',
    questionnaire: {
      questions: [driver, ...extra, { id: 'target', question: 'Target?', type: 'text', condition }],
    },
  };
}

function expectAgreement(definition: QuestionnaireSource): void {
  const ids = definition.questionnaire.questions.map((q) => q.id);
  // One model, its data replaced per answer set: also exercises changes from one state to the next.
  const model = new Model(toSurveyJson(definition));
  for (const answers of answerCombinations(definition)) {
    const expected = visibleQuestions(definition, answers).map((q) => q.id);
    model.data = answers;
    const visible = ids.filter((id) => model.getQuestionByName(id)?.isVisible === true);
    expect({ answers, visible }).toEqual({ answers, visible: expected });
  }
}

const radio: Question = {
  id: 'kind',
  question: 'Kind?',
  type: 'radio',
  options: [
    { value: 'main_residential_property', label: 'Main home' },
    { value: 'business_shares', label: 'Shares' },
    { value: "o'brien", label: 'Quote' },
  ],
};
const amount: Question = { id: 'amount', question: 'Amount?', type: 'currency', min: 0 };
const when: Question = { id: 'when', question: 'When?', type: 'date' };
const costs: Question = {
  id: 'costs',
  question: 'Costs?',
  type: 'checkbox',
  options: [
    { value: 'staff', label: 'Staff' },
    { value: 'software', label: 'Software' },
    { value: 'consumables', label: 'Consumables' },
  ],
};
const flag: Question = { id: 'flag', question: 'Flag?', type: 'radio', options: yesNo };
const note: Question = { id: 'note', question: 'Note?', type: 'text', optional: true };

describe(
  'toSurveyJson: visibleIf agrees with visibleQuestions for every operator',
  { timeout: 60_000 },
  () => {
    const cases: [string, Condition, Question, Question[]?][] = [
      ['equal (boolean)', { fact: 'flag', operator: 'equal', value: true }, flag],
      ['equal (string with a quote)', { fact: 'kind', operator: 'equal', value: "o'brien" }, radio],
      [
        'notEqual (missing is false)',
        { fact: 'kind', operator: 'notEqual', value: 'business_shares' },
        radio,
      ],
      ['lessThan', { fact: 'amount', operator: 'lessThan', value: 50000 }, amount],
      ['lessThanInclusive', { fact: 'amount', operator: 'lessThanInclusive', value: 50000 }, amount],
      ['greaterThan', { fact: 'amount', operator: 'greaterThan', value: 50000 }, amount],
      ['greaterThanInclusive', { fact: 'amount', operator: 'greaterThanInclusive', value: 50000 }, amount],
      [
        'in',
        { fact: 'kind', operator: 'in', value: ['main_residential_property', 'business_shares'] },
        radio,
      ],
      ['in []', { fact: 'kind', operator: 'in', value: [] }, radio],
      ['notIn', { fact: 'kind', operator: 'notIn', value: ['main_residential_property'] }, radio],
      ['contains', { fact: 'costs', operator: 'contains', value: 'software' }, costs],
      ['doesNotContain', { fact: 'costs', operator: 'doesNotContain', value: 'software' }, costs],
      ['containsAny', { fact: 'costs', operator: 'containsAny', value: ['staff', 'consumables'] }, costs],
      [
        'containsAny on a single answer',
        { fact: 'kind', operator: 'containsAny', value: ['business_shares'] },
        radio,
      ],
      ['isAnswered true', { fact: 'note', operator: 'isAnswered', value: true }, note],
      ['isAnswered false', { fact: 'note', operator: 'isAnswered', value: false }, note],
      ['dateOnOrAfter', { fact: 'when', operator: 'dateOnOrAfter', value: '2024-10-30' }, when],
      ['dateBefore', { fact: 'when', operator: 'dateBefore', value: '2024-10-30' }, when],
      ['not', { not: { fact: 'flag', operator: 'equal', value: true } }, flag],
      [
        'all / any',
        {
          all: [
            { fact: 'flag', operator: 'equal', value: true },
            {
              any: [
                { fact: 'amount', operator: 'greaterThan', value: 100 },
                { fact: 'kind', operator: 'equal', value: 'business_shares' },
              ],
            },
          ],
        },
        flag,
        [amount, radio],
      ],
      ['empty all is true', { all: [] }, flag],
      ['empty any is false', { any: [] }, flag],
      [
        'compare with another answer',
        { fact: 'amount', operator: 'greaterThan', value: { fact: 'other' } },
        amount,
        [{ ...amount, id: 'other' }],
      ],
      [
        'notEqual another answer',
        { fact: 'amount', operator: 'notEqual', value: { fact: 'other' } },
        amount,
        [{ ...amount, id: 'other' }],
      ],
      ['a fact no earlier question gives', { fact: 'later', operator: 'equal', value: 'x' }, flag],
    ];
    it.each(cases)('%s', (_name, condition, driver, extra) => {
      const definition = definitionWith(condition, driver, extra);
      expectAgreement(definition);
    });

    it('chains: a question hidden by a hidden question is hidden, even with stale answers', () => {
      const definition: QuestionnaireSource = {
        questionnaire: {
          questions: [
            radio,
            { ...flag, condition: { fact: 'kind', operator: 'equal', value: 'business_shares' } },
            { ...amount, condition: { fact: 'flag', operator: 'equal', value: true } },
            { ...note, condition: { not: { fact: 'flag', operator: 'equal', value: true } } },
            { ...when, condition: { fact: 'amount', operator: 'isAnswered', value: false } },
          ],
        },
      };
      expectAgreement(definition);
      const json = toSurveyJson(definition);
      // Stale: shares trading answer kept after switching to main home.
      const stale = { kind: 'main_residential_property', flag: true, amount: 10 };
      expect(surveyVisibleIds(json, stale, ['flag', 'amount', 'note', 'when'])).toEqual(['note', 'when']);
    });
  },
);

describe('toSurveyJson: elements', () => {
  const definition = {
    title: 'SDLT Refund',
    questionnaire: {
      questions: [
        {
          id: 'propertyTypeSDR',
          question: 'What type of property?',
          type: 'select',
          options: [
            { value: 'Residential', label: 'Residential' },
            { value: 'Mixed-Use', label: 'Mixed-Use' },
          ],
          section: 'Basic Information',
        },
        {
          id: 'purchaseDateSDR',
          question: 'When did you buy it?',
          type: 'date',
          placeholder: 'YYYY-MM-DD',
          description: 'The completion date',
        },
        { id: 'purchasePriceSDR', question: 'Price paid?', type: 'currency', min: 0 },
        { id: 'share', question: 'Share?', type: 'number', min: 0, max: 100 },
        {
          id: 'firstTimeBuyerSDR',
          question: 'First-time buyer?',
          type: 'radio',
          options: [
            { value: false, label: 'No' },
            { value: true, label: 'Yes' },
          ],
        },
        {
          id: 'goal',
          question: 'Goal?',
          type: 'radio',
          options: [
            { value: 'advancement', label: 'Advance' },
            { value: 'routine', label: 'Routine' },
          ],
        },
        { id: 'costs', question: 'Costs?', type: 'checkbox', options: [{ value: 'staff', label: 'Staff' }] },
        { id: 'reasonForRefundSDR', question: 'Reason?', type: 'text', optional: true },
      ] satisfies Question[],
    },
  };
  const json = toSurveyJson(definition);
  const element = (id: string): SurveyElement | undefined =>
    json.pages.flatMap((p) => p.elements).find((e) => e.name === id);

  it('validates against the SurveyJS schema survey-core ships, element by element', () => {
    expect(schemaErrors(json)).toEqual([]);
  });

  it('the schema check fails on a malformed element (it can fail)', () => {
    const broken: SurveyJson = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'x', min: 0 }] }] };
    expect(schemaErrors(broken)).not.toEqual([]);
  });

  it('one page per question, then the review page', () => {
    expect(json.title).toBe('SDLT Refund');
    expect(json.pages.map((p) => p.elements.map((e) => e.name))).toEqual([
      ['propertyTypeSDR'],
      ['purchaseDateSDR'],
      ['purchasePriceSDR'],
      ['share'],
      ['firstTimeBuyerSDR'],
      ['goal'],
      ['costs'],
      ['reasonForRefundSDR'],
      definition.questionnaire.questions.map((q) => `review__${q.id}`),
    ]);
    expect(json.pages[0]?.title).toBe('Basic Information');
    expect(json.pages.at(-1)?.title).toBe('Review your answers');
    expect(json.completeText).toBe('Submit Assessment');
  });

  it('maps types, requiredness, min/max and date checks', () => {
    expect(element('propertyTypeSDR')).toMatchObject({
      type: 'dropdown',
      title: 'What type of property?',
      isRequired: true,
      choices: [
        { value: 'Residential', text: 'Residential' },
        { value: 'Mixed-Use', text: 'Mixed-Use' },
      ],
    });
    expect(element('purchaseDateSDR')).toMatchObject({
      type: 'text',
      inputType: 'text',
      // The web's Day / Month / Year fields; a headless model keeps the text field.
      renderAs: 'date-parts',
      placeholder: 'YYYY-MM-DD',
      description: 'The completion date',
    });
    expect(element('purchasePriceSDR')).toMatchObject({
      inputType: 'number',
      min: '0',
      validators: [{ type: 'numeric', minValue: 0, text: 'Enter an amount of £0 or more' }],
    });
    expect(element('share')).toMatchObject({
      min: '0',
      max: '100',
      validators: [{ type: 'numeric', minValue: 0, maxValue: 100, text: 'Enter a number between 0 and 100' }],
    });
    expect(element('firstTimeBuyerSDR')).toMatchObject({
      type: 'boolean',
      displayMode: 'radio',
      labelTrue: 'Yes',
      labelFalse: 'No',
      swapOrder: false,
    });
    expect(element('goal')).toMatchObject({ type: 'radiogroup' });
    expect(element('costs')).toMatchObject({ type: 'checkbox' });
    expect(element('reasonForRefundSDR')?.isRequired).toBeUndefined();
  });

  it('Yes/No questions store booleans and keep the definition’s order', () => {
    const yesFirst = toSurveyJson(definitionWith({ all: [] }, flag));
    const model = new Model(yesFirst);
    const q = model.getQuestionByName('flag') as unknown as {
      locLabelLeft: { text: string };
      locLabelRight: { text: string };
    };
    expect([q.locLabelLeft.text, q.locLabelRight.text]).toEqual(['Yes', 'No']);
    const noFirst = new Model(json).getQuestionByName('firstTimeBuyerSDR') as unknown as typeof q;
    expect([noFirst.locLabelLeft.text, noFirst.locLabelRight.text]).toEqual(['No', 'Yes']);
    model.getQuestionByName('flag').value = true;
    expect(model.data).toMatchObject({ flag: true });
  });

  it('SurveyJS shows the same error texts as validateAnswer', () => {
    const model = new Model(json);
    const texts = (id: string, value: unknown): string[] => {
      const q = model.getQuestionByName(id);
      if (q === null) throw new Error(id);
      q.value = value;
      q.validate(true);
      return q.errors.map((e) => e.getText());
    };
    expect(texts('purchasePriceSDR', -5)).toEqual(['Enter an amount of £0 or more']);
    expect(texts('share', 101)).toEqual(['Enter a number between 0 and 100']);
    expect(texts('share', 50)).toEqual([]);
    expect(texts('purchaseDateSDR', '2023-02-29')).toEqual(['The date must be a real date']);
    expect(texts('purchaseDateSDR', '2024-02-29')).toEqual([]);
    expect(texts('goal', undefined)).toEqual(['Please complete all required fields before proceeding']);
    expect(texts('firstTimeBuyerSDR', false)).toEqual([]);
    expect(texts('reasonForRefundSDR', undefined)).toEqual([]);
  });

  it('the review page lists every visible question with its answer or "Not answered"', () => {
    const model = new Model(json);
    model.data = { propertyTypeSDR: 'Mixed-Use', firstTimeBuyerSDR: true, purchasePriceSDR: 300000 };
    const review = model.getPageByName('review');
    expect(review?.title).toBe('Review your answers');
    const shown = Object.fromEntries(
      (review?.questions ?? []).filter((q) => q.isVisible).map((q) => [q.title, q.value as unknown]),
    );
    expect(shown).toMatchObject({
      'What type of property?': 'Mixed-Use',
      'First-time buyer?': 'Yes',
      'Price paid?': 300000,
      'When did you buy it?': 'Not answered',
      'Reason?': 'Not answered',
    });
  });

  it('the review page leaves out hidden questions', () => {
    const conditional = definitionWith({ fact: 'flag', operator: 'equal', value: true }, flag);
    const model = new Model(toSurveyJson(conditional));
    model.data = { flag: false };
    expect(model.getQuestionByName('review__target')?.isVisible).toBe(false);
    model.data = { flag: true };
    expect(model.getQuestionByName('review__target')?.isVisible).toBe(true);
  });

  it('options: a title and no review page', () => {
    const plain = toSurveyJson(definition, { title: 'Tax Assessment', reviewPage: false });
    expect(plain.title).toBe('Tax Assessment');
    expect(plain.pages).toHaveLength(definition.questionnaire.questions.length);
  });
});
