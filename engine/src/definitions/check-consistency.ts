// The results page may not contradict itself (issue 28). Texts declare what they say about the
// result (`direction` of an eligibility reason, `implies.complexity` of a reason, flag, fixed
// complexity or approach, `cites` of an approach), and this check holds every evaluation to them:
// on the definition's embedded test cases and on generated answer sets. Knows no service by name.
// Pure and deterministic (a seeded generator), so the studio's submit check and `npm test` agree.
import { evaluateCondition } from '../rules/conditions/evaluate-condition';
import { evaluateAssessment } from '../rules/evaluate-assessment';
import { answerCombinations, candidateAnswers } from '../questionnaire/answer-combinations';
import { validateAnswer } from '../questionnaire/validate-answer';
import type {
  AssessmentDefinition,
  AssessmentEvaluation,
  ComplexityLevel,
  FactCondition,
  Condition,
  Question,
  TextClaims,
} from '../types';
import type { LoadedDefinition } from './loaded-definition';

export type ConsistencyRule =
  | 'complexity-contradicted'
  | 'against-adds-points'
  | 'approach-cites-unmet'
  | 'documents-without-benefit'
  | 'unlikely-but-recommended'
  | 'direction-missing';

export interface ConsistencyProblem {
  rule: ConsistencyRule;
  /** In plain English: what the page shows and why it contradicts itself. */
  message: string;
  /** The texts involved, as the page shows them. */
  texts: string[];
}

export interface ConsistencyCase {
  /** "Test case “Fully occupied shop”" or "Generated answers 12". */
  name: string;
  asOf: string;
  answers?: Record<string, unknown>;
  inputs?: Record<string, unknown>;
}

export interface ConsistencyFinding extends ConsistencyProblem {
  case: string;
  answers?: Record<string, unknown>;
}

export interface ConsistencyOptions {
  /** How many random answer sets besides the questionnaire's combinations (default 60). */
  generated?: number;
  /** At most this many questionnaire combinations (default 150). */
  combinations?: number;
  /** The date generated cases are evaluated on (default: the latest embedded test's asOf). */
  asOf?: string;
  /** Stop after this many findings (default 20). */
  maxFindings?: number;
}

const LEVEL_WORDS: Record<ComplexityLevel, string> = { Low: 'low', Medium: 'medium', High: 'high' };
const quote = (s: string): string => `“${s}”`;
const levelsText = (levels: readonly ComplexityLevel[]): string =>
  levels.map((l) => LEVEL_WORDS[l]).join(' or ');

/** Static: every eligibility reason says whether it argues for or against the claim. */
export function checkTextDeclarations(definition: AssessmentDefinition): ConsistencyProblem[] {
  const eligibility = definition.eligibility;
  if (!('rules' in eligibility)) return [];
  return eligibility.rules
    .filter((r) => r.direction === undefined)
    .map((r) => ({
      rule: 'direction-missing' as const,
      message: `The eligibility reason ${quote(r.reason)} does not say whether it argues for or against the claim (direction "for" or "against").`,
      texts: [r.reason],
    }));
}

/** What one evaluation's page shows that contradicts itself. */
export function checkEvaluationConsistency(
  definition: AssessmentDefinition,
  evaluation: AssessmentEvaluation,
): ConsistencyProblem[] {
  const problems: ConsistencyProblem[] = [];
  const { eligibility, complexity, recommendation, value } = evaluation;
  const unlikely = eligibility.likelihood === 'Unlikely';
  const level = complexity.complexityLevel;
  const approach = complexity.serviceApproach;

  // A reason against the claim may not add points.
  const scored = 'rules' in definition.eligibility ? definition.eligibility.rules : [];
  for (const traced of evaluation.trace.rules) {
    if (traced.stage !== 'eligibility' || !(traced.counted ?? traced.matched)) continue;
    const rule = scored.find((r) => r.id === traced.id);
    if (rule?.direction === 'against' && (traced.points ?? 0) > 0) {
      problems.push({
        rule: 'against-adds-points',
        message: `The reason ${quote(traced.text ?? rule.reason)} argues against the claim, yet it adds ${traced.points} points to the eligibility score.`,
        texts: [traced.text ?? rule.reason],
      });
    }
  }

  // The likelihood and the approach tell one story.
  if (unlikely !== (approach === 'Not Recommended')) {
    problems.push({
      rule: 'unlikely-but-recommended',
      message: unlikely
        ? `The result is Unlikely, yet the recommended approach is ${quote(approach)}: ${quote(complexity.approachRationale)}.`
        : `The result is ${eligibility.likelihood}, yet the approach is ${quote(approach)}: ${quote(complexity.approachRationale)}.`,
      texts: [eligibility.likelihood, approach, complexity.approachRationale],
    });
  }

  // The approach shown and the condition its rationale cites.
  // the trace lists the approach rules up to the one that held (the first), else `otherwise` won
  const winner = evaluation.trace.rules.find((t) => t.stage === 'approach' && t.matched);
  const approachSpec =
    (winner && definition.approach.rules.find((r) => r.id === winner.id)) ?? definition.approach.otherwise;
  if (approachSpec.cites && !evaluateCondition(approachSpec.cites, evaluation.facts)) {
    problems.push({
      rule: 'approach-cites-unmet',
      message: `The approach says ${quote(complexity.approachRationale)}, but the answers do not meet what it cites (${describeCondition(approachSpec.cites, evaluation.facts)}).`,
      texts: [complexity.approachRationale],
    });
  }

  // Texts shown beside the complexity level (the page shows no complexity for an Unlikely result).
  if (!unlikely) {
    const claims: { text: string; implies: TextClaims | undefined }[] = [];
    const overrideSpec = definition.eligibility.overrides?.find((o) => o.id === eligibility.override?.id);
    if (overrideSpec && eligibility.override)
      claims.push({ text: eligibility.override.reason, implies: overrideSpec.implies });
    for (const traced of evaluation.trace.rules) {
      if (traced.stage !== 'eligibility' || !(traced.counted ?? traced.matched)) continue;
      const rule = scored.find((r) => r.id === traced.id);
      if (rule) claims.push({ text: traced.text ?? rule.reason, implies: rule.implies });
    }
    const section = definition.complexity;
    if ('flags' in section) {
      for (const shown of complexity.flags) {
        const flag = section.flags.find((f) => f.id === shown.id);
        if (!flag) continue;
        const tier = flag.tiers?.find((t) => t.description === shown.description);
        claims.push({ text: shown.description, implies: tier?.implies ?? flag.implies });
      }
    } else if (complexity.fixedReason) {
      claims.push({ text: complexity.fixedReason, implies: section.fixed.implies });
    }
    claims.push({ text: complexity.approachRationale, implies: approachSpec.implies });
    for (const { text, implies } of claims) {
      const levels = implies?.complexity;
      if (levels && !levels.includes(level)) {
        problems.push({
          rule: 'complexity-contradicted',
          message: `The page shows “Complexity: ${level}” beside ${quote(text)}, which says the work is ${levelsText(levels)}.`,
          texts: [`Complexity: ${level}`, text],
        });
      }
    }
  }

  // No benefit, nothing to gather.
  const benefit = Math.max(value.estimates.low, value.estimates.median, value.estimates.high);
  if (
    !unlikely &&
    benefit <= 0 &&
    value.valueType !== 'liability' &&
    recommendation.documentRequirements.length > 0
  ) {
    problems.push({
      rule: 'documents-without-benefit',
      message: `The result shows no ${value.valueType} (${value.label ?? 'the estimate'} is £0), yet asks for documents: ${recommendation.documentRequirements.map((d) => quote(d.name)).join(', ')}.`,
      texts: recommendation.documentRequirements.map((d) => d.name),
    });
  }
  return problems;
}

/** A condition in words with the facts' values: "complexityLevel is High (it is Low)". */
function describeCondition(condition: Condition, facts: Record<string, unknown>): string {
  if ('all' in condition) return condition.all.map((c) => describeCondition(c, facts)).join(' and ');
  if ('any' in condition) return condition.any.map((c) => describeCondition(c, facts)).join(' or ');
  if ('not' in condition) return `not (${describeCondition(condition.not, facts)})`;
  const atom: FactCondition = condition;
  const actual = facts[atom.fact];
  const shown = (v: unknown): string =>
    v === undefined || v === null
      ? 'not given'
      : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : JSON.stringify(v);
  return `${atom.fact} ${OPERATOR_WORDS[atom.operator] ?? atom.operator} ${shown(atom.value)}, here ${shown(actual)}`;
}

const OPERATOR_WORDS: Record<string, string> = {
  equal: 'is',
  notEqual: 'is not',
  lessThan: 'is below',
  lessThanInclusive: 'is at most',
  greaterThan: 'is above',
  greaterThanInclusive: 'is at least',
  in: 'is one of',
  notIn: 'is none of',
};

function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function atoms(condition: Condition, into: FactCondition[] = []): FactCondition[] {
  if ('all' in condition) condition.all.forEach((c) => atoms(c, into));
  else if ('any' in condition) condition.any.forEach((c) => atoms(c, into));
  else if ('not' in condition) atoms(condition.not, into);
  else into.push(condition);
  return into;
}

/** Every condition atom of the definition's rules (so generated numbers land either side of them). */
function ruleAtoms(definition: AssessmentDefinition): FactCondition[] {
  const out: FactCondition[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.fact === 'string' && typeof o.operator === 'string')
        out.push(o as unknown as FactCondition);
      else Object.values(o).forEach(walk);
    }
  };
  walk(definition);
  return out;
}

/**
 * A random answer for a question: one of its candidates, or for an amount a figure on a log scale
 * within its bounds (so values either side of every threshold come up).
 */
export function randomAnswer(
  question: Question,
  conditionAtoms: FactCondition[],
  sampleDate: string,
  random: () => number,
): unknown {
  const candidates = candidateAnswers(question, conditionAtoms, sampleDate);
  if ((question.type === 'number' || question.type === 'currency') && random() < 0.6) {
    const min = question.min ?? 0;
    const max = Math.min(question.max ?? 10_000_000, 10_000_000);
    if (max <= min) return min;
    const span = Math.log10(max - min + 1);
    const n = min + Math.floor(10 ** (random() * span)) - 1;
    return Math.max(
      min,
      Math.min(max, question.integer === true || question.type === 'number' ? Math.round(n) : n),
    );
  }
  return candidates[Math.floor(random() * candidates.length)];
}

/** The cases the check evaluates: the embedded tests, questionnaire combinations, random answer sets. */
export function consistencyCases(
  definition: AssessmentDefinition,
  options: ConsistencyOptions = {},
): ConsistencyCase[] {
  const cases: ConsistencyCase[] = definition.tests.map((t) => ({
    name: `Test case ${quote(t.name)}`,
    asOf: t.asOf,
    ...(t.inputs ? { inputs: t.inputs } : { answers: t.answers ?? {} }),
  }));
  const asOf =
    options.asOf ??
    definition.tests
      .map((t) => t.asOf)
      .sort()
      .at(-1) ??
    definition.effectiveFrom;
  const sampleDate = asOf.slice(0, 4) === '0000' ? '2024-06-15' : shiftYears(asOf, -1);
  const questions = definition.questionnaire.questions;
  const valid = (answers: Record<string, unknown>): Record<string, unknown> => {
    const kept: Record<string, unknown> = {};
    for (const q of questions) {
      const v = answers[q.id];
      if (v === undefined) continue;
      if (validateAnswer(q, v, { asOf }) === null) kept[q.id] = v;
    }
    return kept;
  };
  answerCombinations(definition, { limit: options.combinations ?? 150, sampleDate })
    .slice(0, options.combinations ?? 150)
    .forEach((answers, i) =>
      cases.push({ name: `Answer combination ${i + 1}`, asOf, answers: valid(answers) }),
    );
  const conditionAtoms = [
    ...questions.flatMap((q) => (q.condition ? atoms(q.condition) : [])),
    ...ruleAtoms(definition),
  ];
  const random = seededRandom(0x5eed ^ definition.version);
  for (let i = 0; i < (options.generated ?? 60); i += 1) {
    const answers: Record<string, unknown> = {};
    for (const q of questions) {
      const v = randomAnswer(q, conditionAtoms, sampleDate, random);
      if (v !== undefined) answers[q.id] = v;
    }
    cases.push({ name: `Generated answers ${i + 1}`, asOf, answers: valid(answers) });
  }
  return cases;
}

function shiftYears(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4, 10).replace('-02-29', '-02-28')}`;
}

/** Evaluates one case and checks its page. An evaluation that fails is not this check's business. */
export async function checkCase(
  definition: LoadedDefinition | AssessmentDefinition,
  c: ConsistencyCase,
): Promise<ConsistencyFinding[]> {
  let evaluation: AssessmentEvaluation;
  try {
    evaluation = await evaluateAssessment({
      definition,
      asOf: c.asOf,
      ...(c.inputs ? { inputs: c.inputs } : { answers: c.answers ?? {} }),
    });
  } catch {
    return [];
  }
  return checkEvaluationConsistency(definition, evaluation).map((p) => ({
    ...p,
    case: c.name,
    ...(c.answers ? { answers: c.answers } : {}),
  }));
}

/**
 * The whole check of one definition: its declarations, then every case. Findings that repeat (the
 * same rule and texts in another case) are reported once, with the first case that showed them.
 */
export async function checkConsistency(
  definition: LoadedDefinition | AssessmentDefinition,
  options: ConsistencyOptions = {},
): Promise<ConsistencyFinding[]> {
  const max = options.maxFindings ?? 20;
  const findings: ConsistencyFinding[] = checkTextDeclarations(definition).map((p) => ({
    ...p,
    case: 'The definition',
  }));
  const seen = new Set(findings.map((f) => `${f.rule}|${f.texts.join('|')}`));
  for (const c of consistencyCases(definition, options)) {
    if (findings.length >= max) break;
    for (const f of await checkCase(definition, c)) {
      const key = `${f.rule}|${f.texts.join('|')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(f);
    }
  }
  return findings.slice(0, max);
}

/** One finding in plain English, for the studio and test output. */
export function describeFinding(f: ConsistencyFinding): string {
  return `${f.case}: ${f.message}`;
}
