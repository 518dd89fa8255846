// Answer sets that exercise every questionnaire condition: each question a condition reads takes
// every option, the values either side of every number and date its conditions name, and no
// answer; every other question gets one valid answer (so hidden questions hold stale answers too).
// Used to prove the SurveyJS visibleIf and visibleQuestions agree; useful for previews as well.
import type { Condition, FactCondition, Primitive, Question } from '../types';
import { conditionFacts } from '../rules/conditions/evaluate-condition';
import type { QuestionnaireSource } from './visible-questions';
import { columnQuestion } from './table-answer';

export interface AnswerCombinationOptions {
  /** At most this many answer sets (default 5000); beyond it, a deterministic spread sample. */
  limit?: number;
  /** The date answer given where no condition names a date (default 2024-06-15). */
  sampleDate?: string;
}

function atoms(condition: Condition, into: FactCondition[] = []): FactCondition[] {
  if ('all' in condition) condition.all.forEach((c) => atoms(c, into));
  else if ('any' in condition) condition.any.forEach((c) => atoms(c, into));
  else if ('not' in condition) atoms(condition.not, into);
  else into.push(condition);
  return into;
}

function literals(atom: FactCondition): Primitive[] {
  const { value } = atom;
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return [];
  return [value];
}

function shiftDate(iso: string, days: number): string {
  const t = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

function uniq(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Values worth trying for a question that some condition reads (undefined = unanswered). */
export function candidateAnswers(
  question: Question,
  conditionAtoms: FactCondition[],
  sampleDate: string,
): unknown[] {
  const named = conditionAtoms.filter((a) => a.fact === question.id).flatMap(literals);
  const options = (question.options ?? []).map((o) => o.value);
  switch (question.type) {
    case 'radio':
    case 'select':
      return uniq([undefined, ...options]);
    case 'checkbox':
      return uniq([undefined, [], ...options.map((o) => [o]), options, ...named.map((n) => [n])]);
    case 'number':
    case 'currency': {
      const numbers = named.filter((n): n is number => typeof n === 'number');
      const around = numbers.flatMap((n) => [n - 1, n, n + 1]);
      const inRange = [question.min ?? 0, ...around].filter(
        (n) =>
          (question.min === undefined || n >= question.min) &&
          (question.max === undefined || n <= question.max),
      );
      return uniq([undefined, ...inRange]);
    }
    case 'date': {
      const dates = named.filter((n): n is string => typeof n === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(n));
      return uniq([undefined, sampleDate, ...dates.flatMap((d) => [shiftDate(d, -1), d, shiftDate(d, 1)])]);
    }
    case 'text':
      return uniq([undefined, 'Some text', ...named.filter((n) => typeof n === 'string')]);
    case 'table':
      return [undefined, sampleAnswer(question, sampleDate)];
  }
}

/** One valid answer for a question no condition reads. */
export function sampleAnswer(question: Question, sampleDate: string): unknown {
  switch (question.type) {
    case 'radio':
    case 'select':
      return question.options?.[0]?.value;
    case 'checkbox': {
      const first = question.options?.[0]?.value;
      return first === undefined ? [] : [first];
    }
    case 'number':
    case 'currency':
      return question.min ?? question.max ?? 1000;
    case 'date':
      return sampleDate;
    case 'text':
      return 'Some text';
    case 'table': {
      // one row, each cell a valid answer of its column (a `requiredWhen` column too: harmless)
      const row: Record<string, unknown> = {};
      for (const column of question.columns ?? []) {
        const cell = sampleAnswer(columnQuestion(column), sampleDate);
        if (cell !== undefined) row[column.id] = cell;
      }
      return [row];
    }
  }
}

/** Question ids a question's visibility depends on: the facts its condition reads, and theirs. */
function dependencies(
  question: Question,
  byId: ReadonlyMap<string, Question>,
  into: Set<string> = new Set(),
): Set<string> {
  if (question.condition === undefined) return into;
  for (const fact of conditionFacts(question.condition)) {
    const read = byId.get(fact);
    if (read === undefined || into.has(fact)) continue;
    into.add(fact);
    dependencies(read, byId, into);
  }
  return into;
}

function seededRandom(): () => number {
  let seed = 0x2f6b_1d3a;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * For each conditional question, every combination of the candidate answers of the questions its
 * visibility depends on (directly or through their own conditions); every other question keeps
 * one valid answer. A question's visibility depends only on those questions, so this takes every
 * branch of every condition without the product over unrelated questions.
 */
export function answerCombinations(
  definition: QuestionnaireSource,
  options: AnswerCombinationOptions = {},
): Record<string, unknown>[] {
  const limit = options.limit ?? 5000;
  const sampleDate = options.sampleDate ?? '2024-06-15';
  const questions = definition.questionnaire.questions;
  const byId = new Map(questions.map((q) => [q.id, q] as const));
  const conditionAtoms = questions.flatMap((q) => (q.condition === undefined ? [] : atoms(q.condition)));
  const base: Record<string, unknown> = {};
  for (const q of questions) base[q.id] = sampleAnswer(q, sampleDate);

  const result: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const add = (answers: Record<string, unknown>): void => {
    const key = JSON.stringify(answers);
    if (seen.has(key)) return;
    seen.add(key);
    result.push(answers);
  };
  add({ ...base });

  const random = seededRandom();
  for (const question of questions) {
    const axes = [...dependencies(question, byId)].flatMap((id) => {
      const q = byId.get(id);
      return q === undefined ? [] : [{ id, values: candidateAnswers(q, conditionAtoms, sampleDate) }];
    });
    if (axes.length === 0) continue;
    const total = axes.reduce((n, axis) => n * axis.values.length, 1);
    // Every combination (index read as a mixed-radix number), or a fixed pseudo-random sample.
    const count = Math.min(total, limit);
    for (let i = 0; i < count; i += 1) {
      const answers: Record<string, unknown> = { ...base };
      let rest = i;
      for (const axis of axes) {
        const digit = total <= limit ? rest % axis.values.length : Math.floor(random() * axis.values.length);
        rest = Math.floor(rest / axis.values.length);
        const value = axis.values[digit];
        if (value === undefined) delete answers[axis.id];
        else answers[axis.id] = value;
      }
      add(answers);
    }
  }
  return result;
}
