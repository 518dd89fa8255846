// The one draft the studio edits, and the facts each kind of condition may read, in words.
// Type-only engine imports: this file never pulls the engine chunk in.
import type { AssessmentDefinition, InputSpec, Question } from '@reclaim/engine';
import type { FactField } from './conditions';

export type Draft = AssessmentDefinition;

/** Applies an edit to a copy (immer via Redux Toolkit: untouched parts keep their identity). */
export type UpdateDraft = (recipe: (draft: Draft) => void) => void;

export function questionField(q: Question): FactField {
  const kind = q.type === 'number' || q.type === 'currency' ? 'number' : q.type === 'date' ? 'date' : 'text';
  return {
    name: q.id,
    label: q.question || q.id,
    kind,
    ...(q.options ? { options: q.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
  };
}

/** A question's condition reads the answers of the questions before it. */
export function questionConditionFields(draft: Draft, index: number): FactField[] {
  return draft.questionnaire.questions.slice(0, index).map(questionField);
}

function inputField(input: InputSpec, questions: Question[]): FactField {
  const from = 'from' in input ? questions.find((q) => q.id === input.from) : undefined;
  const label = input.description || from?.question || input.name;
  if (from && (input.kind === 'answer' || input.kind === 'number')) {
    const f = questionField(from);
    return { ...f, name: input.name, label };
  }
  if (input.kind === 'cases' || input.kind === 'map') {
    const values = input.kind === 'cases' ? input.cases.map((c) => c.value) : Object.values(input.map);
    const flat = [...new Set(values.flat().filter((v): v is string | number | boolean => v !== null))];
    if (flat.length > 0 && flat.every((v) => typeof v === 'boolean'))
      return { name: input.name, label, options: YES_NO.map((o) => ({ ...o })) };
    if (flat.length > 0 && flat.every((v) => typeof v === 'string'))
      return { name: input.name, label, options: flat.map((v) => ({ value: v, label: String(v) })) };
  }
  const kind =
    input.kind === 'addMonths' ||
    input.kind === 'addDays' ||
    input.kind === 'taxYearEnd' ||
    input.kind === 'latestDate' ||
    input.kind === 'earliestDate'
      ? 'date'
      : input.kind === 'taxYear' || input.kind === 'cases' || input.kind === 'text'
        ? 'text'
        : 'number';
  return { name: input.name, label, kind };
}

const LIKELIHOODS = ['Likely', 'Possible', 'Unlikely'].map((v) => ({ value: v, label: v }));
const LEVELS = ['Low', 'Medium', 'High'].map((v) => ({ value: v, label: v }));

export type RuleStage = 'eligibility' | 'complexity' | 'value' | 'approach';

/** What a rule of a stage may read: inputs, parameters, calculations, lists and earlier stages. */
export function ruleFields(draft: Draft, stage: RuleStage): FactField[] {
  const questions = draft.questionnaire.questions;
  const fields: FactField[] = [
    { name: 'asOf', label: 'Date of the assessment', kind: 'date' },
    ...draft.inputs.map((i) => inputField(i, questions)),
    ...(draft.parameters ?? []).map((p) => ({ name: p.name, label: `${p.name} (tax parameter)` })),
    ...(draft.calculations ?? []).map((c) => ({ name: c.id, label: c.description, kind: 'number' as const })),
    ...(draft.lists ?? []).map((l) => ({ name: l.id, label: l.description })),
  ];
  if (stage === 'eligibility') return fields;
  fields.push(
    { name: 'likelihood', label: 'Likelihood', options: LIKELIHOODS },
    { name: 'eligibilityScore', label: 'Eligibility score', kind: 'number' },
    { name: 'confidenceLevel', label: 'Confidence level', kind: 'number' },
  );
  if (stage === 'complexity') return fields;
  fields.push(
    { name: 'complexityScore', label: 'Complexity score', kind: 'number' },
    { name: 'complexityLevel', label: 'Complexity level', options: LEVELS },
    { name: 'flagCount', label: 'Number of complexity flags raised', kind: 'number' },
  );
  const c = draft.complexity as { counts?: { name: string }[] };
  for (const count of c.counts ?? []) fields.push({ name: count.name, label: count.name, kind: 'number' });
  if (stage === 'value') return fields;
  for (const s of draft.value.selections ?? [])
    fields.push({ name: s.id, label: s.description, kind: 'number' });
  for (const s of draft.value.calculations ?? [])
    fields.push({ name: s.id, label: s.description, kind: 'number' });
  fields.push(
    { name: 'valueLow', label: 'Value (low)', kind: 'number' },
    { name: 'valueMedian', label: 'Value (median)', kind: 'number' },
    { name: 'valueHigh', label: 'Value (high)', kind: 'number' },
  );
  return fields;
}

/** A new question id from its text: camelCase words, unique among questions and inputs. */
export function newQuestionId(draft: Draft, text: string): string {
  const words = text
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4);
  const base =
    words.length === 0
      ? 'question'
      : words
          .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
          .join('');
  const taken = new Set([
    ...draft.questionnaire.questions.map((q) => q.id),
    ...draft.inputs.map((i) => i.name),
  ]);
  let id = /^[a-z]/.test(base) ? base : `q${base}`;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  return id;
}

export const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export const QUESTION_TYPES: { value: Question['type']; label: string }[] = [
  { value: 'radio', label: 'Choice (one answer)' },
  { value: 'select', label: 'Drop-down list' },
  { value: 'checkbox', label: 'Tick boxes (several answers)' },
  { value: 'number', label: 'Number' },
  { value: 'currency', label: 'Amount in £' },
  { value: 'date', label: 'Date' },
  { value: 'text', label: 'Free text' },
];
