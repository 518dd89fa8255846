import { validateAnswer, type AssessmentDefinition, type Question } from '@reclaim/engine';

export interface FieldError {
  field: string;
  message: string;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_TEXT = 5000;

function isUnanswered(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function checkValue(question: Question, value: unknown, asOf: string): string | null {
  if (isUnanswered(value)) return null;
  // The engine's check, so the server and the browser give the same message for the same answer
  // (a date about the past, `notAfter: "asOf"`, is refused after the business date).
  const problem = validateAnswer(question, value, { asOf });
  if (problem) return problem;
  if (question.type === 'text' && typeof value === 'string' && value.length > MAX_TEXT)
    return `must be at most ${MAX_TEXT} characters`;
  if (question.type === 'checkbox' && Array.isArray(value) && value.length > 100) return 'has too many items';
  return null;
}

/**
 * Answers are keyed by question id of the definition; the default template's local context may
 * also key them by step number ({ "0": { property_type: … } }), which is accepted and checked the same.
 * `asOf` is the date the answers are judged on (the API's business date; a try's own date).
 */
export function validateAnswers(
  definition: AssessmentDefinition,
  answers: Record<string, unknown>,
  asOf: string,
): FieldError[] {
  const questions = new Map(definition.questionnaire.questions.map((q) => [q.id, q]));
  const errors: FieldError[] = [];
  const check = (key: string, value: unknown, path: string): void => {
    const question = questions.get(key);
    if (!question) {
      errors.push({ field: path, message: `is not a question of ${definition.id}` });
      return;
    }
    const problem = checkValue(question, value, asOf);
    if (problem) errors.push({ field: path, message: problem });
  };
  for (const [key, value] of Object.entries(answers)) {
    if (/^\d{1,3}$/.test(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        check(inner, innerValue, `answers.${key}.${inner}`);
      }
      continue;
    }
    check(key, value, `answers.${key}`);
  }
  return errors;
}

/** The answers as one flat map by question id (step-keyed groups merged), for the engine. */
export function flattenAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (/^\d{1,3}$/.test(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        if (!UNSAFE_KEYS.has(inner)) flat[inner] = innerValue;
      }
    } else if (!UNSAFE_KEYS.has(key)) {
      flat[key] = value;
    }
  }
  return flat;
}
