import type { AssessmentDefinition, Question } from '@reclaim/engine';

export interface FieldError {
  field: string;
  message: string;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 5000;

function isUnanswered(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function optionValues(question: Question): (string | number | boolean)[] | null {
  return question.options && question.options.length > 0 ? question.options.map((o) => o.value) : null;
}

function checkValue(question: Question, value: unknown, field: string): string | null {
  if (isUnanswered(value)) return null;
  const options = optionValues(question);
  switch (question.type) {
    case 'radio':
    case 'select': {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        return 'must be one of the options';
      }
      if (options && !options.includes(value)) return `must be one of: ${options.map(String).join(', ')}`;
      return null;
    }
    case 'checkbox': {
      if (!Array.isArray(value)) return 'must be a list of options';
      if (value.length > 100) return 'has too many items';
      for (const item of value as unknown[]) {
        if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
          return 'must be a list of options';
        }
        if (options && !options.includes(item)) return `must only hold: ${options.map(String).join(', ')}`;
      }
      return null;
    }
    case 'number':
    case 'currency': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return 'must be a number';
      if (question.min !== undefined && n < question.min) return `must be at least ${question.min}`;
      if (question.max !== undefined && n > question.max) return `must be at most ${question.max}`;
      return null;
    }
    case 'date': {
      if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        return 'must be a date as YYYY-MM-DD';
      }
      return null;
    }
    case 'text': {
      if (typeof value !== 'string') return 'must be text';
      if (value.length > MAX_TEXT) return `must be at most ${MAX_TEXT} characters`;
      return null;
    }
    default: {
      const unknownType: never = question.type;
      return `has an unsupported question type ${String(unknownType)}`;
    }
  }
}

/**
 * Answers are keyed by question id of the definition; the default template's local context may
 * also key them by step number ({ "0": { property_type: … } }), which is accepted and checked the same.
 */
export function validateAnswers(definition: AssessmentDefinition, answers: Record<string, unknown>): FieldError[] {
  const questions = new Map(definition.questionnaire.questions.map((q) => [q.id, q]));
  const errors: FieldError[] = [];
  const check = (key: string, value: unknown, path: string): void => {
    const question = questions.get(key);
    if (!question) {
      errors.push({ field: path, message: `is not a question of ${definition.id}` });
      return;
    }
    const problem = checkValue(question, value, path);
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
