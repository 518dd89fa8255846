// A definition's questionnaire as a SurveyJS model (JSON): one page per question, visibleIf
// generated from the same conditions visibleQuestions evaluates, the same validation texts as
// validateAnswer, and a last page that reviews every visible question's answer.
import type { Condition, Question, QuestionOption, TableColumn } from '../types';
import {
  conditionToSurveyExpression,
  SurveyExpressionError,
  surveyLiteral,
  surveyVariable,
  type EarlierQuestion,
} from './condition-to-survey-expression';
import {
  CHOOSE_AN_OPTION_MESSAGE,
  DATE_NOT_REAL_MESSAGE,
  DATE_PLACEHOLDER,
  NOT_ANSWERED_TEXT,
  NOT_AN_AMOUNT_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  NOT_A_WHOLE_NUMBER_MESSAGE,
  REQUIRED_ANSWER_MESSAGE,
  REVIEW_PAGE_TITLE,
  rangeMessage,
} from './messages';
import { REAL_DATE_PATTERN } from './real-date';
import { DEFAULT_CELL_MAX_LENGTH, tableMaxRows, tableMinRows } from './table-answer';
import type { QuestionnaireSource } from './visible-questions';

export type SurveyJson = Record<string, unknown> & { pages: SurveyPage[] };
export interface SurveyPage {
  name: string;
  title?: string;
  elements: SurveyElement[];
}
export type SurveyElement = Record<string, unknown> & { type: string; name: string };

export interface ToSurveyJsonOptions {
  /** Survey title; default: the definition's title (see surveyTitleFor for the screen's title). */
  title?: string;
  /** Add the "Review your answers" page (default true). */
  reviewPage?: boolean;
}

export const REVIEW_PAGE_NAME = 'review';
/**
 * SurveyJS `renderAs` of date questions: the web registers a renderer of this name that shows
 * GOV.UK's Day / Month / Year fields. Without it (a headless model) the question is a text field.
 */
export const DATE_PARTS_RENDERER = 'date-parts';
/** Review elements are named by this prefix + question id; activeAnswers drops their values. */
export const REVIEW_ELEMENT_PREFIX = 'review__';

function isYesNo(options: QuestionOption[] | undefined): options is [QuestionOption, QuestionOption] {
  return (
    options !== undefined &&
    options.length === 2 &&
    options.some((o) => o.value === true) &&
    options.some((o) => o.value === false)
  );
}

function choices(options: QuestionOption[] | undefined): unknown[] {
  return (options ?? []).map((o) => ({ value: o.value, text: o.label }));
}

function inputElement(question: Question): SurveyElement {
  const base: SurveyElement = { type: 'text', name: question.id, title: question.question };
  if (question.description !== undefined) base.description = question.description;
  if (question.optional !== true) {
    base.isRequired = true;
    base.requiredErrorText = REQUIRED_ANSWER_MESSAGE;
  }

  switch (question.type) {
    case 'radio': {
      if (isYesNo(question.options)) {
        // SurveyJS's boolean question stores true/false (the spec's Yes/No answers); shown as
        // two radio buttons, in the definition's order.
        const yes = question.options.find((o) => o.value === true);
        const no = question.options.find((o) => o.value === false);
        return {
          ...base,
          type: 'boolean',
          displayMode: 'radio',
          labelTrue: yes?.label ?? 'Yes',
          labelFalse: no?.label ?? 'No',
          swapOrder: question.options[0].value === true,
        };
      }
      return { ...base, type: 'radiogroup', choices: choices(question.options) };
    }
    case 'select':
      return {
        ...base,
        type: 'dropdown',
        choices: choices(question.options),
        placeholder: question.placeholder ?? CHOOSE_AN_OPTION_MESSAGE,
      };
    case 'checkbox':
      return { ...base, type: 'checkbox', choices: choices(question.options) };
    case 'number':
    case 'currency': {
      const element: SurveyElement = { ...base, inputType: 'number' };
      if (question.placeholder !== undefined) element.placeholder = question.placeholder;
      const message = rangeMessage(question);
      if (message !== null) {
        const validator: Record<string, unknown> = { type: 'numeric', text: message };
        if (question.min !== undefined) {
          element.min = String(question.min);
          element.minErrorText = message;
          validator.minValue = question.min;
        }
        if (question.max !== undefined) {
          element.max = String(question.max);
          element.maxErrorText = message;
          validator.maxValue = question.max;
        }
        element.validators = [validator];
      }
      if (question.integer === true) {
        element.step = 1;
        element.validators = [
          ...((element.validators as unknown[] | undefined) ?? []),
          { type: 'regex', regex: '^-?\\d+$', text: NOT_A_WHOLE_NUMBER_MESSAGE },
        ];
      }
      return element;
    }
    case 'date':
      // A text answer that must be a real calendar date: the regex encodes month lengths and leap
      // years (the same rule as validateAnswer's isRealIsoDate). The web renders it as Day / Month
      // / Year fields and checks it with validateAnswer itself (draft fields, notAfter by today).
      return {
        ...base,
        inputType: 'text',
        renderAs: DATE_PARTS_RENDERER,
        placeholder: DATE_PLACEHOLDER,
        validators: [{ type: 'regex', regex: REAL_DATE_PATTERN, text: DATE_NOT_REAL_MESSAGE }],
      };
    case 'text':
      return question.placeholder === undefined ? base : { ...base, placeholder: question.placeholder };
    case 'table':
      return tableElement(question, base);
  }
}

/** A row condition of a table column (`requiredWhen`) as a SurveyJS expression over `{row.<id>}`. */
export function rowConditionToSurveyExpression(condition: Condition): string {
  if ('all' in condition) return `(${condition.all.map(rowConditionToSurveyExpression).join(' and ')})`;
  if ('any' in condition) return `(${condition.any.map(rowConditionToSurveyExpression).join(' or ')})`;
  if ('not' in condition) return `!(${rowConditionToSurveyExpression(condition.not)})`;
  const cell = surveyVariable(condition.fact).replace('{', '{row.');
  const { operator, value } = condition;
  const literal = (v: unknown): string => {
    if (Array.isArray(v) || (v !== null && typeof v === 'object'))
      throw new SurveyExpressionError(
        `A table column condition compares "${condition.fact}" with a literal only`,
      );
    return surveyLiteral(v as Parameters<typeof surveyLiteral>[0]);
  };
  switch (operator) {
    case 'equal':
      return `${cell} = ${literal(value)}`;
    case 'notEqual':
      return `${cell} != ${literal(value)}`;
    case 'in':
    case 'notIn': {
      if (!Array.isArray(value)) throw new SurveyExpressionError(`${operator} needs a list of values`);
      const joined = value
        .map((v) => `${cell} ${operator === 'in' ? '=' : '!='} ${literal(v)}`)
        .join(operator === 'in' ? ' or ' : ' and ');
      return `(${joined})`;
    }
    case 'isAnswered':
      return `${cell} ${value === false ? 'empty' : 'notempty'}`;
    case 'lessThan':
      return `${cell} < ${literal(value)}`;
    case 'lessThanInclusive':
      return `${cell} <= ${literal(value)}`;
    case 'greaterThan':
      return `${cell} > ${literal(value)}`;
    case 'greaterThanInclusive':
      return `${cell} >= ${literal(value)}`;
    case 'contains':
    case 'doesNotContain':
    case 'containsAny':
    case 'dateOnOrAfter':
    case 'dateBefore':
      throw new SurveyExpressionError(`Operator ${operator} cannot be used in a table column condition`);
  }
}

function tableColumn(column: TableColumn): Record<string, unknown> {
  const col: Record<string, unknown> = { name: column.id, title: column.label };
  if (column.requiredWhen !== undefined) {
    col.requiredIf = rowConditionToSurveyExpression(column.requiredWhen);
    col.requiredErrorText = REQUIRED_ANSWER_MESSAGE;
  } else if (column.optional !== true) {
    col.isRequired = true;
    col.requiredErrorText = REQUIRED_ANSWER_MESSAGE;
  }
  if (column.placeholder !== undefined) col.placeholder = column.placeholder;
  switch (column.type) {
    case 'text':
      return { ...col, cellType: 'text', maxLength: column.maxLength ?? DEFAULT_CELL_MAX_LENGTH };
    case 'number':
    case 'currency': {
      const validators: Record<string, unknown>[] = [];
      const message = rangeMessage(column);
      const numeric: Record<string, unknown> = {
        type: 'numeric',
        text: message ?? (column.type === 'currency' ? NOT_AN_AMOUNT_MESSAGE : NOT_A_NUMBER_MESSAGE),
      };
      if (column.min !== undefined) numeric.minValue = column.min;
      if (column.max !== undefined) numeric.maxValue = column.max;
      validators.push(numeric);
      if (column.integer === true)
        validators.push({ type: 'regex', regex: '^-?\\d+$', text: NOT_A_WHOLE_NUMBER_MESSAGE });
      return { ...col, cellType: 'text', inputType: 'number', validators };
    }
    case 'date':
      // The browser's own date field in a cell (GOV.UK's three fields do not fit a table row); it
      // stores YYYY-MM-DD, checked by the same real-date pattern as a date question.
      return {
        ...col,
        cellType: 'text',
        inputType: 'date',
        validators: [{ type: 'regex', regex: REAL_DATE_PATTERN, text: DATE_NOT_REAL_MESSAGE }],
      };
    case 'select':
      return {
        ...col,
        cellType: 'dropdown',
        choices: choices(column.options),
        placeholder: column.placeholder ?? CHOOSE_AN_OPTION_MESSAGE,
      };
    case 'checkbox':
      return { ...col, cellType: 'checkbox', choices: choices(column.options) };
  }
}

/** A table question: SurveyJS's dynamic matrix, one typed column per definition column. */
function tableElement(question: Question, base: SurveyElement): SurveyElement {
  const element: SurveyElement = {
    ...base,
    type: 'matrixdynamic',
    columns: (question.columns ?? []).map(tableColumn),
    rowCount: 0,
    minRowCount: tableMinRows(question),
    maxRowCount: tableMaxRows(question),
    confirmDelete: false,
  };
  if (question.addRowText !== undefined) element.addRowText = question.addRowText;
  if (question.removeRowText !== undefined) element.removeRowText = question.removeRowText;
  return element;
}

/** SurveyJS visibleIf of every question that has a condition, by question id. */
export function surveyVisibleIfById(definition: QuestionnaireSource): Map<string, string> {
  const earlier = new Map<string, EarlierQuestion>();
  const result = new Map<string, string>();
  for (const question of definition.questionnaire.questions) {
    const visibleIf =
      question.condition === undefined ? undefined : conditionToSurveyExpression(question.condition, earlier);
    if (visibleIf !== undefined) result.set(question.id, visibleIf);
    // Set after converting: a question's own answer is not "visible so far" for its condition.
    earlier.set(question.id, visibleIf === undefined ? { question } : { question, visibleIf });
  }
  return result;
}

function reviewElement(question: Question, visibleIf: string | undefined): SurveyElement {
  const element: SurveyElement = {
    type: 'expression',
    name: `${REVIEW_ELEMENT_PREFIX}${question.id}`,
    title: question.question,
    // displayValue shows the option label ("Yes", "Mixed-Use"), not the stored value; a table, its
    // number of rows
    expression:
      question.type === 'table'
        ? `iif(${surveyVariable(question.id)} notempty, ${surveyVariable(question.id).replace('}', '.length}')} + ' rows', ${surveyLiteral(NOT_ANSWERED_TEXT)})`
        : `iif(${surveyVariable(question.id)} notempty, displayValue(${surveyLiteral(question.id)}), ${surveyLiteral(NOT_ANSWERED_TEXT)})`,
  };
  if (visibleIf !== undefined) element.visibleIf = visibleIf;
  return element;
}

export function toSurveyJson(
  definition: QuestionnaireSource & { title?: string },
  options: ToSurveyJsonOptions = {},
): SurveyJson {
  const visibleIfById = surveyVisibleIfById(definition);
  const questions = definition.questionnaire.questions;

  const pages: SurveyPage[] = questions.map((question) => {
    const element = inputElement(question);
    const visibleIf = visibleIfById.get(question.id);
    if (visibleIf !== undefined) element.visibleIf = visibleIf;
    const page: SurveyPage = { name: `${question.id}_page`, elements: [element] };
    if (question.section !== undefined) page.title = question.section;
    return page;
  });

  if (options.reviewPage !== false) {
    pages.push({
      name: REVIEW_PAGE_NAME,
      title: REVIEW_PAGE_TITLE,
      elements: questions.map((question) => reviewElement(question, visibleIfById.get(question.id))),
    });
  }

  const title = options.title ?? definition.title;
  return {
    ...(title === undefined ? {} : { title }),
    showQuestionNumbers: 'off',
    showProgressBar: true,
    progressBarType: 'pages',
    checkErrorsMode: 'onNextPage',
    // Answers to hidden questions are ignored everywhere (issue 2), so SurveyJS drops them too.
    clearInvisibleValues: 'onHidden',
    pagePrevText: 'Previous',
    pageNextText: 'Next',
    completeText: 'Submit Assessment',
    pages,
  };
}
