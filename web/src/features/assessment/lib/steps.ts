// The questionnaire's step logic as pure functions over a definition and answers, so it is
// testable without rendering SurveyJS. Steps are the visible questions in order, then the review.
import {
  activeAnswers,
  formatDate,
  isEmptyAnswer,
  isRealIsoDate,
  todayIso,
  validateAnswer,
  possibleQuestions,
  tableRowsText,
  validTableRows,
  visibleQuestions,
  type Question,
  type QuestionnaireSource,
} from '@reclaim/engine';
import { ASSESSMENT_MESSAGES } from '../messages';

export type Step = { kind: 'question'; question: Question } | { kind: 'review' };

export interface ReviewItem {
  id: string;
  question: string;
  answer: string;
  answered: boolean;
  /** Index of the question's step, to go back and change it. */
  step: number;
}

export function stepsFor(
  definition: QuestionnaireSource,
  answers: Readonly<Record<string, unknown>>,
): Step[] {
  return [
    ...visibleQuestions(definition, answers).map((question): Step => ({ kind: 'question', question })),
    { kind: 'review' },
  ];
}

/**
 * The step to open on load: the first visible unanswered question, else the review step. An
 * optional question left blank does not hold the user back (they may have skipped it on purpose;
 * the review lists it as "Not answered" with a way back to it).
 */
export function startStep(
  definition: QuestionnaireSource,
  answers: Readonly<Record<string, unknown>>,
): number {
  const steps = stepsFor(definition, answers);
  const index = steps.findIndex(
    (s) => s.kind === 'question' && s.question.optional !== true && isEmptyAnswer(answers[s.question.id]),
  );
  return index === -1 ? steps.length - 1 : index;
}

/** A step index kept within the steps (a saved step may point past questions that became hidden). */
export function clampStep(step: number, steps: readonly Step[]): number {
  if (!Number.isFinite(step) || step < 0) return 0;
  return Math.min(Math.trunc(step), steps.length - 1);
}

/** Next is enabled when the current question has an answer; optional questions and the review are exempt. */
export function canGoNext(step: Step | undefined, answers: Readonly<Record<string, unknown>>): boolean {
  if (step === undefined) return false;
  if (step.kind === 'review') return true;
  if (step.question.optional === true) return true;
  return !isEmptyAnswer(answers[step.question.id]);
}

/**
 * Progress as "Step n / total" and a percentage. The total counts the questions that may still be
 * asked (visible ones and those whose condition is not yet decided) plus the review, so it only
 * falls as answers rule questions out: moving forward, the percentage always rises (issue 11: the
 * visible count jumped from 1/15 to 6/17 as conditional questions appeared).
 */
export function progressOf(
  stepIndex: number,
  steps: readonly Step[],
  definition: QuestionnaireSource,
  answers: Readonly<Record<string, unknown>>,
): { n: number; total: number; percent: number } {
  const step = steps[stepIndex];
  const total =
    step?.kind === 'question'
      ? possibleQuestions(definition, answers, { current: step.question.id }).length + 1
      : steps.length;
  const n = Math.min(stepIndex + 1, total);
  return { n, total, percent: total === 0 ? 0 : Math.round((n / total) * 100) };
}

function optionLabel(question: Question, value: unknown): string {
  const option = question.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A number with the unit its question declares (percent: "60%"). */
function withUnit(question: Question, text: string): string {
  return question.unit === 'percent' ? `${text}%` : text;
}

/** How an answer reads on the review step (option labels, £ for amounts, a number with its question's unit). */
export function displayAnswer(question: Question, value: unknown): string {
  if (isEmptyAnswer(value)) return ASSESSMENT_MESSAGES.notAnswered;
  if (question.type === 'table') return Array.isArray(value) ? tableRowsText(value.length) : '';
  if (Array.isArray(value)) return value.map((v) => optionLabel(question, v)).join(', ');
  if (question.type === 'currency') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n)) return `£${n.toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;
  }
  if (question.type === 'date' && typeof value === 'string' && isRealIsoDate(value)) return formatDate(value);
  if (question.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n))
      return withUnit(question, n.toLocaleString('en-GB', { maximumFractionDigits: 2 }));
  }
  return optionLabel(question, value);
}

/** Every visible question with its answer or "Not answered", and the step that asks it. */
export function reviewItems(
  definition: QuestionnaireSource,
  answers: Readonly<Record<string, unknown>>,
): ReviewItem[] {
  return visibleQuestions(definition, answers).map((question, step) => ({
    id: question.id,
    question: question.question,
    answer: displayAnswer(question, answers[question.id]),
    answered: !isEmptyAnswer(answers[question.id]),
    step,
  }));
}

/**
 * The answers that are saved and evaluated: visible questions only, blanks dropped, and a date the
 * questionnaire refuses (Day / Month / Year fields not yet a real date, such as the draft
 * "31/2/2025", or a future date where the question is about the past) left out until corrected:
 * the server would refuse the save, and results are never worked out from it. A table keeps its
 * complete rows: the row being typed (or one the user has yet to correct) waits, the others are
 * saved.
 */
export function answersToSave(
  definition: QuestionnaireSource,
  answers: Readonly<Record<string, unknown>>,
  asOf: string = todayIso(),
): Record<string, unknown> {
  const active = activeAnswers(definition, answers);
  for (const question of definition.questionnaire.questions) {
    const value = active[question.id];
    if (question.type === 'date' && value !== undefined && validateAnswer(question, value, { asOf }) !== null)
      delete active[question.id];
    if (
      question.type === 'table' &&
      value !== undefined &&
      validateAnswer(question, value, { asOf }) !== null
    ) {
      const rows = validTableRows(question, value, { asOf });
      if (rows.length > 0) active[question.id] = rows;
      else delete active[question.id];
    }
  }
  return active;
}

/** Survey data reduced to the definition's question ids (SurveyJS may hold other keys). */
export function questionAnswers(
  definition: QuestionnaireSource,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const q of definition.questionnaire.questions) {
    if (Object.prototype.hasOwnProperty.call(data, q.id) && data[q.id] !== undefined) out[q.id] = data[q.id];
  }
  return out;
}
