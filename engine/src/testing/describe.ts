// Issue 29 item 5: an embedded test in plain English ("Purchase price £600,000; … → Likely,
// refund £30,500"), for the studio's Tests tab. Every word comes from the definition (question
// texts, option labels, result field labels, calculation descriptions, the value's type) and every
// figure from the engine's own formatting; the engine knows the result paths, not any service.
import { formatDate, formatMoney, formatNumber, formatValue } from '../rules/format';
import type { AssessmentDefinition, DefinitionTest, Question, ResultFieldSpec } from '../types';

/** One answer of a test as a person reads it. */
export interface DescribedAnswer {
  question: string;
  answer: string;
  /** A "No" to a yes/no question: listed with the answers, left out of the sentence. */
  no: boolean;
}

/** One expectation of a test as a person reads it. */
export interface DescribedExpectation {
  path: string;
  text: string;
}

export interface DescribedTest {
  answers: DescribedAnswer[];
  expectations: DescribedExpectation[];
  /** "<answers> → <expectations>". */
  sentence: string;
}

type Definition = Pick<
  AssessmentDefinition,
  'questionnaire' | 'inputs' | 'parameters' | 'calculations' | 'eligibility' | 'value' | 'resultFields'
>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** camelCase or snake_case → lower-case words (a last resort when the definition has no words). */
function words(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** The head of a description: up to its first colon or comma, without placeholders. */
function head(description: string): string {
  const cut = description.split(/[:,;(]/)[0] ?? description;
  const text = cut
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || description;
}

function quoted(text: string, max = 80): string {
  return `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
}

/** A value with no unit known: yes/no, a date, a figure or a text. */
function plain(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join(', ');
  return JSON.stringify(value);
}

function answerText(q: Question, value: unknown): string {
  const option = (v: unknown) => q.options?.find((o) => o.value === v)?.label;
  if (Array.isArray(value)) {
    if (q.type === 'table') return value.length === 1 ? '1 row' : `${value.length} rows`;
    return value.map((v) => option(v) ?? plain(v)).join(', ') || 'none';
  }
  const label = option(value);
  if (label !== undefined) return label;
  if (typeof value === 'number') {
    if (q.type === 'currency') return formatMoney(value);
    return q.unit === 'percent' ? `${formatNumber(value)}%` : formatNumber(value);
  }
  if (q.type === 'text' && typeof value === 'string') return quoted(value, 60);
  return plain(value);
}

/** The answers of a test in the questionnaire's order (answers to questions it no longer has last). */
export function describeAnswers(definition: Definition, answers: Record<string, unknown>): DescribedAnswer[] {
  const out: DescribedAnswer[] = [];
  const seen = new Set<string>();
  for (const q of definition.questionnaire.questions) {
    if (!(q.id in answers)) continue;
    seen.add(q.id);
    const value = answers[q.id];
    if (value === undefined || value === null || value === '') continue;
    const answer = answerText(q, value);
    out.push({ question: q.question, answer, no: value === false });
  }
  for (const [id, value] of Object.entries(answers))
    if (!seen.has(id)) out.push({ question: words(id), answer: plain(value), no: value === false });
  return out;
}

function resultFieldText(spec: ResultFieldSpec | undefined, id: string, value: unknown): string {
  const label = spec?.label ?? words(id);
  let text: string;
  if (spec?.format === 'yesNo' || typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else if (spec?.format === 'money' && typeof value === 'number') text = formatMoney(value);
  else if (spec?.format === 'scoreOutOf10' && typeof value === 'number') text = `${formatNumber(value)} / 10`;
  else if (spec?.format === 'paragraphs' || (spec?.format === 'text' && typeof value === 'string'))
    text = quoted(String(value));
  else text = value === null ? 'none' : formatValue(value, spec?.format) || plain(value);
  return `${label}: ${text}`;
}

/** The words of a fact: a calculation's or input's description, a parameter's name. */
function factLabel(definition: Definition, name: string): { label: string; money: boolean } {
  const calc = [...(definition.calculations ?? []), ...(definition.value.calculations ?? [])].find(
    (c) => c.id === name,
  );
  if (calc) return { label: head(calc.description), money: calc.unit === 'GBP' };
  const input = definition.inputs.find((i) => i.name === name) as { description?: string } | undefined;
  if (input?.description) return { label: head(input.description), money: false };
  const question = definition.questionnaire.questions.find((q) => q.id === name);
  if (question) return { label: question.question, money: question.type === 'currency' };
  return { label: words(name), money: false };
}

/** One expectation ("eligibility.likelihood": "Likely") in words ("Likely"). */
export function describeExpectation(definition: Definition, path: string, value: unknown): string {
  const valueType = definition.value.valueType;
  const money = (v: unknown) => (typeof v === 'number' ? formatMoney(v) : plain(v));
  switch (path) {
    case 'eligibility.likelihood':
      return plain(value);
    case 'eligibility.score':
      return `eligibility score ${plain(value)} out of 100`;
    case 'eligibility.rawScore':
      return `${plain(value)} eligibility points`;
    case 'eligibility.confidenceLevel':
      return `${plain(value)}% confidence in the likelihood`;
    case 'eligibility.override':
      return value === null ? 'decided by the points' : `decided by a rule`;
    case 'eligibility.override.id': {
      if (value === null) return 'decided by the points, not by a deciding rule';
      const overrides = (definition.eligibility as { overrides?: { id: string; description: string }[] })
        .overrides;
      const rule = overrides?.find((o) => o.id === value);
      return `decided by the rule ${quoted(rule ? rule.description : plain(value))}`;
    }
    case 'eligibility.override.reason':
      return `reason ${quoted(plain(value))}`;
    case 'complexity.serviceApproach':
      return `approach ${plain(value)}`;
    case 'complexity.complexityLevel':
      return `${plain(value)} complexity`;
    case 'complexity.complexityScore':
      return `complexity score ${plain(value)}`;
    case 'value.estimates.median':
      return `${valueType} ${money(value)}`;
    case 'value.estimates.low':
      return `lowest ${valueType} ${money(value)}`;
    case 'value.estimates.high':
      return `highest ${valueType} ${money(value)}`;
    case 'value.confidenceLevel':
      return `${plain(value)} confidence in the ${valueType}`;
    case 'recommendation.whatWouldChange':
      return `what would change it: ${quoted(plain(value))}`;
    default:
      break;
  }
  const [root, ...rest] = path.split('.');
  const name = rest.join('.');
  if (root === 'resultFields' && rest.length === 1) {
    const spec = definition.resultFields?.[name];
    // A field clients never see reads as what it copies (its source path), when it is a plain copy.
    if (spec && !spec.label && spec.in === undefined && spec.scale === undefined && spec.from !== path)
      return describeExpectation(definition, spec.from, value);
    // A yes/no field clients never see (`in`): whether its source is one of the values.
    if (spec && !spec.label && spec.in && typeof value === 'boolean') {
      const listed = spec.in.map(plain).join(' or ');
      return value ? listed : `not ${listed}`;
    }
    return resultFieldText(spec, name, value);
  }
  if ((root === 'facts' || root === 'inputs') && rest.length === 1) {
    const fact = factLabel(definition, name);
    return `${fact.label}: ${fact.money ? money(value) : plain(value)}`;
  }
  if (root === 'complexity' && rest[0] === 'potentialRefund')
    return `${rest[1] ?? ''} potential ${valueType}: ${money(value)}`.trim();
  if (root === 'resultFieldViews' && rest[1] === 'place')
    return `result line ${Number(rest[0]) + 1} shown under ${plain(value)}`;
  if (path.endsWith('.length')) {
    const what = words(path.slice(0, -'.length'.length).split('.').pop() ?? path);
    return value === 0 ? `no ${what}` : `${plain(value)} ${what}`;
  }
  return `${words(path.split('.').slice(1).join(' ') || path)}: ${plain(value)}`;
}

/** A test in plain English: its answers, its expectations, and the two as one sentence. */
export function describeTestCase(definition: Definition, test: DefinitionTest): DescribedTest {
  const answers = describeAnswers(definition, test.answers ?? test.inputs ?? {});
  const expectations = Object.entries(test.expect).map(([path, value]) => ({
    path,
    text: describeExpectation(definition, path, value),
  }));
  const given = answers
    .filter((a) => !a.no)
    .map((a) => (/[?:]$/.test(a.question) ? `${a.question} ${a.answer}` : `${a.question}: ${a.answer}`))
    .join('; ');
  const on = `on ${formatDate(test.asOf)}`;
  const sentence = `${given ? `${given}; ${on}` : on} → ${expectations.map((e) => e.text).join(', ')}`;
  return { answers, expectations, sentence };
}
