// Which questions a user sees, given their answers. A question is visible when its condition holds
// over the answers to the questions shown before it, so a question that depends on a hidden
// question reads that answer as missing (and a stale answer to a hidden question changes nothing).
import type { Question } from '../types';
import { evaluateCondition } from '../rules/conditions/evaluate-condition';
import { isEmptyAnswer } from '../rules/operators';

/** Anything with a questionnaire: an AssessmentDefinition or a loaded definition. */
export interface QuestionnaireSource {
  questionnaire: { questions: readonly Question[] };
}

export type Answers = Readonly<Record<string, unknown>>;

function answerOf(answers: Answers, id: string): unknown {
  return Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
}

function walk(
  definition: QuestionnaireSource,
  answers: Answers,
): { visible: Question[]; active: Record<string, unknown> } {
  const visible: Question[] = [];
  // Only answered, visible questions become facts: blanks ('' / [] / null) count as unanswered.
  const active: Record<string, unknown> = {};
  for (const question of definition.questionnaire.questions) {
    if (question.condition !== undefined && !evaluateCondition(question.condition, active)) continue;
    visible.push(question);
    const value = answerOf(answers, question.id);
    if (!isEmptyAnswer(value)) active[question.id] = value;
  }
  return { visible, active };
}

/** The questions shown for these answers, in questionnaire order. */
export function visibleQuestions(definition: QuestionnaireSource, answers: Answers): Question[] {
  return walk(definition, answers).visible;
}

/** The answers that count: those of visible questions, blanks and unknown keys dropped. */
export function activeAnswers(definition: QuestionnaireSource, answers: Answers): Record<string, unknown> {
  // walk's loop without the list of visible questions (this runs on every evaluation)
  const active: Record<string, unknown> = {};
  for (const question of definition.questionnaire.questions) {
    if (question.condition !== undefined && !evaluateCondition(question.condition, active)) continue;
    const value = answerOf(answers, question.id);
    if (!isEmptyAnswer(value)) active[question.id] = value;
  }
  return active;
}
