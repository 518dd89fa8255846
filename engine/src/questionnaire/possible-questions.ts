// The questions a user may still be asked, given the answers so far: the visible ones plus any
// whose condition is not yet decided (it reads a question that is unanswered, or that may itself
// not be shown). Counting these instead of the visible questions gives a total that only falls as
// answers rule questions out, so "Step n / total" never jumps up as conditional questions appear.
import type { Condition, Question } from '../types';
import { conditionFacts, evaluateCondition } from '../rules/conditions/evaluate-condition';
import { isEmptyAnswer } from '../rules/operators';
import type { Answers, QuestionnaireSource } from './visible-questions';

type Truth = 'yes' | 'no' | 'maybe';

// Three-valued: a leaf that reads an undecided fact is 'maybe'; all/any/not combine as Kleene logic.
function decide(condition: Condition, known: Record<string, unknown>, undecided: ReadonlySet<string>): Truth {
  if ('all' in condition) {
    const parts = condition.all.map((c) => decide(c, known, undecided));
    return parts.includes('no') ? 'no' : parts.includes('maybe') ? 'maybe' : 'yes';
  }
  if ('any' in condition) {
    const parts = condition.any.map((c) => decide(c, known, undecided));
    return parts.includes('yes') ? 'yes' : parts.includes('maybe') ? 'maybe' : 'no';
  }
  if ('not' in condition) {
    const inner = decide(condition.not, known, undecided);
    return inner === 'maybe' ? 'maybe' : inner === 'yes' ? 'no' : 'yes';
  }
  for (const fact of conditionFacts(condition)) if (undecided.has(fact)) return 'maybe';
  return evaluateCondition(condition, known) ? 'yes' : 'no';
}

export interface PossibleQuestionsOptions {
  /**
   * The question on screen: those before it have been asked, so one left blank is settled as
   * unanswered. Without it, any blank question may still be answered.
   */
  current?: string;
}

/** Visible questions and those that may still appear, in questionnaire order. */
export function possibleQuestions(
  definition: QuestionnaireSource,
  answers: Answers,
  options: PossibleQuestionsOptions = {},
): Question[] {
  const possible: Question[] = [];
  const known: Record<string, unknown> = {};
  const undecided = new Set<string>();
  let asked = options.current !== undefined;
  for (const question of definition.questionnaire.questions) {
    if (question.id === options.current) asked = false;
    const truth = question.condition === undefined ? 'yes' : decide(question.condition, known, undecided);
    if (truth === 'no') continue; // its answer stays missing, as for a hidden question
    possible.push(question);
    const value = Object.prototype.hasOwnProperty.call(answers, question.id)
      ? answers[question.id]
      : undefined;
    if (truth === 'yes' && !isEmptyAnswer(value)) known[question.id] = value;
    else if (truth === 'maybe' || !asked) undecided.add(question.id);
    // else: shown, passed and left blank: missing, as visibleQuestions reads it
  }
  return possible;
}
