// The one draft the studio edits, and the facts each kind of condition may read, in words. Which
// facts a rule may read is the engine's declaration (factsAvailableAt), not a copy kept here.
import { factsAvailableAt, type AssessmentDefinition, type InputSpec, type Question } from '@reclaim/engine';
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

/** The adviser's words for the facts the engine's own stages make (which facts exist, and when, is the engine's). */
const STAGE_FACT_WORDS: Readonly<Record<string, Omit<FactField, 'name'>>> = {
  asOf: { label: 'Date of the assessment', kind: 'date' },
  likelihood: { label: 'Likelihood', options: LIKELIHOODS },
  eligibilityScore: { label: 'Eligibility score', kind: 'number' },
  confidenceLevel: { label: 'Confidence level', kind: 'number' },
  complexityScore: { label: 'Complexity score', kind: 'number' },
  complexityLevel: { label: 'Complexity level', options: LEVELS },
  flagCount: { label: 'Number of complexity flags raised', kind: 'number' },
  valueLow: { label: 'Value (low)', kind: 'number' },
  valueMedian: { label: 'Value (median)', kind: 'number' },
  valueHigh: { label: 'Value (high)', kind: 'number' },
  potentialLow: { label: 'Potential (low)', kind: 'number' },
  potentialMedium: { label: 'Potential (medium)', kind: 'number' },
  potentialHigh: { label: 'Potential (high)', kind: 'number' },
  serviceApproach: { label: 'Service approach' },
};

export type RuleStage = 'eligibility' | 'complexity' | 'value' | 'approach';

/** A fact of the draft in the adviser's words: an input, parameter, calculation, list or stage fact. */
function factField(draft: Draft, name: string): FactField {
  const input = draft.inputs.find((i) => i.name === name);
  if (input) return inputField(input, draft.questionnaire.questions);
  const param = (draft.parameters ?? []).find((p) => p.name === name);
  if (param) return { name, label: `${name} (tax parameter)` };
  const calc = [...(draft.calculations ?? []), ...(draft.value.calculations ?? [])].find(
    (c) => c.id === name,
  );
  if (calc) return { name, label: calc.description, kind: 'number' };
  const list = (draft.lists ?? []).find((l) => l.id === name);
  if (list) return { name, label: list.description };
  const selection = (draft.value.selections ?? []).find((s) => s.id === name);
  if (selection) return { name, label: selection.description, kind: 'number' };
  const words = STAGE_FACT_WORDS[name];
  // a complexity count, or a fact a newer engine adds: its name, read as a number when it counts
  return words ? { name, ...words } : { name, label: name, kind: 'number' };
}

/**
 * What a rule of a stage may read: the facts the engine's stages before it produce
 * (factsAvailableAt, the list the engine's load checks read), in the adviser's words.
 */
export function ruleFields(draft: Draft, stage: RuleStage): FactField[] {
  return factsAvailableAt(draft, stage).map((name) => factField(draft, name));
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
