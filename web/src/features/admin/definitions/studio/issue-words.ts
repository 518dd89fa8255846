// An engine problem ("/eligibility/bands/0/min: must be number") in the adviser's words, naming
// the studio screen and the field: "Scoring › Likelihood bands › Likely at or above: must be a number".
import type { Draft } from './model';

type Named = Record<string, unknown>;

const FIELD_WORDS: Record<string, string> = {
  min: 'at or above',
  max: 'maximum points',
  points: 'points',
  weight: 'weight',
  description: 'description',
  reason: 'reason shown to the client',
  question: 'question text',
  type: 'answer type',
  options: 'answer options',
  conditions: 'condition',
  condition: 'condition',
  value: 'value',
  factor: 'factor',
  serviceApproach: 'approach',
  approachRationale: 'why',
  id: 'id',
};

function at(obj: unknown, key: string): unknown {
  return obj && typeof obj === 'object' ? (obj as Named)[key] : undefined;
}

function nameOf(item: unknown, index: number, noun: string): string {
  const text =
    at(item, 'question') ??
    at(item, 'description') ??
    at(item, 'name') ??
    at(item, 'likelihood') ??
    at(item, 'level');
  return typeof text === 'string' && text ? `${noun} “${text}”` : `${noun} ${index + 1}`;
}

const MESSAGE_WORDS: [RegExp, string][] = [
  [/^must be number$/, 'must be a number'],
  [/^must be integer$/, 'must be a whole number'],
  [/^must be string$/, 'must be text'],
  [/^must be boolean$/, 'must be yes or no'],
  [/^must have required property '(.+)'$/, 'needs “$1”'],
  [/^must NOT have additional properties$/, 'has a field the format does not know'],
];

function words(message: string): string {
  for (const [re, replacement] of MESSAGE_WORDS)
    if (re.test(message)) return message.replace(re, replacement);
  return message;
}

export function issueWords(issue: { path: string; message: string }, draft: Draft): string {
  const parts = issue.path.split('/').filter(Boolean);
  const [top, second, third, fourth, ...rest] = parts;
  const crumbs: string[] = [];
  let field = '';
  const fieldOf = (key: string | undefined) => (key ? (FIELD_WORDS[key] ?? key) : '');
  if (top === 'questionnaire') {
    crumbs.push('Questions');
    const index = Number(third);
    if (second === 'questions' && Number.isInteger(index)) {
      crumbs.push(nameOf(draft.questionnaire.questions[index], index, 'Question'));
      field = fieldOf(fourth);
    }
  } else if (top === 'eligibility') {
    crumbs.push('Scoring');
    const index = Number(third);
    if (second === 'bands') {
      const band = (draft.eligibility as { bands?: { likelihood: string }[] }).bands?.[index];
      crumbs.push('Likelihood bands', band ? `${band.likelihood}` : `band ${index + 1}`);
      field = fieldOf(fourth);
    } else if (second === 'factors') {
      crumbs.push(
        'Eligibility factors',
        nameOf(at(at(draft.eligibility, 'factors'), String(third)), index, 'Factor'),
      );
      field = fieldOf(fourth);
    } else if (second === 'rules') {
      crumbs.push(
        'Eligibility factors',
        nameOf(at(at(draft.eligibility, 'rules'), String(third)), index, 'Rule'),
      );
      field = fieldOf(fourth);
    } else if (second) crumbs.push(fieldOf(second));
  } else if (top === 'complexity') {
    crumbs.push('Scoring', 'Complexity');
    if (second === 'flags' && third !== undefined) {
      crumbs.push(nameOf(at(at(draft.complexity, 'flags'), third), Number(third), 'Flag'));
      field = fieldOf(fourth);
    } else if (second) crumbs.push(fieldOf(second));
  } else if (top === 'approach') {
    crumbs.push('Scoring', 'Approach rules');
    if (second === 'rules' && third !== undefined) {
      crumbs.push(nameOf(draft.approach.rules[Number(third)], Number(third), 'Rule'));
      field = fieldOf(fourth);
    }
  } else if (top === 'value') {
    crumbs.push('Scoring', 'Value');
    if (second) crumbs.push(fieldOf(second));
  } else if (top === 'recommendation') {
    crumbs.push(
      'Scoring',
      second === 'documentRequirements'
        ? 'Documents'
        : second === 'actionPlans'
          ? 'Action plans'
          : fieldOf(second),
    );
  } else if (top === 'tests') {
    crumbs.push('Tests');
    if (third === undefined && second !== undefined)
      crumbs.push(nameOf(draft.tests[Number(second)], Number(second), 'Test'));
  } else if (top === 'parameters') {
    crumbs.push('Dated parameters');
  } else if (top === 'inputs') {
    crumbs.push('Expert JSON', 'inputs');
    if (second !== undefined) crumbs.push(draft.inputs[Number(second)]?.name ?? second);
  } else if (top) {
    crumbs.push('Expert JSON', top);
  } else {
    crumbs.push('Definition');
  }
  void rest;
  const where = [...crumbs.filter(Boolean), ...(field ? [field] : [])].join(' › ');
  return `${where}: ${words(issue.message)}`;
}
