// Answer sets that exercise every questionnaire condition: each question a condition reads takes
// every option, the values either side of every number and date its conditions name, and no
// answer; every other question gets one valid answer (so hidden questions hold stale answers too).
// Used to prove the SurveyJS visibleIf and visibleQuestions agree; useful for previews as well.
import type { Condition, FactCondition, Primitive, Question } from '../types';
import { conditionFacts } from '../rules/conditions/evaluate-condition';
import type { QuestionnaireSource } from './visible-questions';

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
export function candidateAnswers(question: Question, conditionAtoms: FactCondition[], sampleDate: string): unknown[] {
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
        (n) => (question.min === undefined || n >= question.min) && (question.max === undefined || n <= question.max),
      );
      return uniq([undefined, ...inRange]);
    }
    case 'date': {
      const dates = named.filter((n): n is string => typeof n === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(n));
      return uniq([undefined, sampleDate, ...dates.flatMap((d) => [shiftDate(d, -1), d, shiftDate(d, 1)])]);
    }
    case 'text':
      return uniq([undefined, 'Some text', ...named.filter((n) => typeof n === 'string')]);
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
  }
}

export function answerCombinations(
  definition: QuestionnaireSource,
  options: AnswerCombinationOptions = {},
): Record<string, unknown>[] {
  const limit = options.limit ?? 5000;
  const sampleDate = options.sampleDate ?? '2024-06-15';
  const questions = definition.questionnaire.questions;
  const conditionAtoms = questions.flatMap((q) => (q.condition === undefined ? [] : atoms(q.condition)));
  const read = new Set<string>();
  for (const q of questions) if (q.condition !== undefined) conditionFacts(q.condition, read);

  const base: Record<string, unknown> = {};
  const axes: { id: string; values: unknown[] }[] = [];
  for (const q of questions) {
    if (read.has(q.id)) axes.push({ id: q.id, values: candidateAnswers(q, conditionAtoms, sampleDate) });
    else base[q.id] = sampleAnswer(q, sampleDate);
  }

  const total = axes.reduce((n, axis) => n * axis.values.length, 1);
  const pick = (digit: (axisIndex: number, size: number) => number): Record<string, unknown> => {
    const answers: Record<string, unknown> = { ...base };
    axes.forEach((axis, k) => {
      const value = axis.values[digit(k, axis.values.length)];
      if (value !== undefined) answers[axis.id] = value;
    });
    return answers;
  };

  if (total <= limit) {
    // Every combination: index i read as a mixed-radix number, one digit per axis.
    return Array.from({ length: total }, (_, i) => {
      let rest = i;
      return pick((_k, size) => {
        const d = rest % size;
        rest = Math.floor(rest / size);
        return d;
      });
    });
  }
  // Too many: a fixed pseudo-random sample (same every run), so results are reproducible.
  let seed = 0x2f6b_1d3a;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return Array.from({ length: limit }, () => pick((_k, size) => Math.floor(random() * size)));
}
