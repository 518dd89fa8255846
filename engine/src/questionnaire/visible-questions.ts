// Which questions a user sees, given their answers. A question is visible when its condition holds
// over the answers to the questions shown before it, so a question that depends on a hidden
// question reads that answer as missing (and a stale answer to a hidden question changes nothing).
import type { Question } from '../types';
import {
  compileCondition,
  isCompiledCondition,
  type CompiledCondition,
} from '../rules/conditions/evaluate-condition';
import { isEmptyAnswer } from '../rules/operators';
import { ownValue } from '../rules/own-value';

/** Anything with a questionnaire: an AssessmentDefinition or a loaded definition. */
export interface QuestionnaireSource {
  questionnaire: { questions: readonly Question[] };
}

export type Answers = Readonly<Record<string, unknown>>;

function answerOf(answers: Answers, id: string): unknown {
  return ownValue(answers, id);
}

// the conditions of a loaded (deeply frozen) questionnaire are compiled once per question list
const compiledConditions = new WeakMap<readonly Question[], readonly (CompiledCondition | undefined)[]>();

/** Each question's condition as a closure (undefined: always shown), in questionnaire order. */
function conditionsOf(questions: readonly Question[]): readonly (CompiledCondition | undefined)[] {
  const known = compiledConditions.get(questions);
  if (known) return known;
  const conditions = questions.map((q) =>
    q.condition === undefined ? undefined : compileCondition(q.condition),
  );
  const frozen =
    Object.isFrozen(questions) &&
    questions.every(
      (q) => Object.isFrozen(q) && (q.condition === undefined || isCompiledCondition(q.condition)),
    );
  if (frozen) compiledConditions.set(questions, conditions);
  return conditions;
}

function walk(
  definition: QuestionnaireSource,
  answers: Answers,
): { visible: Question[]; active: Record<string, unknown> } {
  const visible: Question[] = [];
  // Only answered, visible questions become facts: blanks ('' / [] / null) count as unanswered.
  const active: Record<string, unknown> = {};
  const { questions } = definition.questionnaire;
  const conditions = conditionsOf(questions);
  for (let i = 0; i < questions.length; i += 1) {
    const question = questions[i] as Question;
    const shown = conditions[i];
    if (shown !== undefined && !shown(active)) continue;
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
  return walk(definition, answers).active;
}
