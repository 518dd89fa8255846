export { visibleQuestions, activeAnswers, type QuestionnaireSource, type Answers } from './visible-questions';
export { possibleQuestions, type PossibleQuestionsOptions } from './possible-questions';
export {
  validateAnswer,
  validateTableAnswer,
  validTableRows,
  parseNumberAnswer,
  type ValidateAnswerOptions,
} from './validate-answer';
export {
  tableMaxRows,
  tableMinRows,
  columnQuestion,
  cellRequired,
  DEFAULT_TABLE_MAX_ROWS,
  TABLE_MAX_ROWS_LIMIT,
  DEFAULT_CELL_MAX_LENGTH,
  type TableProblem,
} from './table-answer';
export {
  parseDateParts,
  parseMonth,
  datePartsOf,
  draftDateValue,
  isDraftDateValue,
  splitTypedDate,
  type DateParts,
  type DatePart,
  type DatePartsResult,
} from './date-parts';
export { isRealIsoDate, REAL_DATE_PATTERN } from './real-date';
export {
  REQUIRED_ANSWER_MESSAGE,
  INVALID_DATE_MESSAGE,
  DATE_PLACEHOLDER,
  DATE_NOT_REAL_MESSAGE,
  DATE_YEAR_FOUR_DIGITS_MESSAGE,
  DATE_IN_FUTURE_MESSAGE,
  dateMissingPartsMessage,
  NOT_A_NUMBER_MESSAGE,
  NOT_A_WHOLE_NUMBER_MESSAGE,
  NOT_AN_AMOUNT_MESSAGE,
  CHOOSE_AN_OPTION_MESSAGE,
  CHOOSE_FROM_OPTIONS_MESSAGE,
  NOT_TEXT_MESSAGE,
  REVIEW_PAGE_TITLE,
  NOT_ANSWERED_TEXT,
  TABLE_NOT_ROWS_MESSAGE,
  tableRowsText,
  tableCellMessage,
  rangeMessage,
  formatNumber,
} from './messages';
export {
  toSurveyJson,
  surveyVisibleIfById,
  rowConditionToSurveyExpression,
  REVIEW_PAGE_NAME,
  REVIEW_ELEMENT_PREFIX,
  DATE_PARTS_RENDERER,
  type SurveyJson,
  type SurveyPage,
  type SurveyElement,
  type ToSurveyJsonOptions,
} from './to-survey-json';
export {
  conditionToSurveyExpression,
  surveyLiteral,
  surveyVariable,
  SurveyExpressionError,
  type EarlierQuestion,
} from './condition-to-survey-expression';
export { surveyTitleFor, type QuestionnaireTitles } from './survey-title';
export {
  answerCombinations,
  candidateAnswers,
  sampleAnswer,
  type AnswerCombinationOptions,
} from './answer-combinations';
