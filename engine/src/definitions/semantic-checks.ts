// Checks the schema cannot express: unique ids, declared factors, parameter refs present in the
// loaded sets, and every fact name a condition, expression or template reads being available at
// the stage that reads it.
import type { AssessmentDefinition, Condition, Expression, ParameterSet } from '../types';
import type { DefinitionIssue } from './definition-error';

type Issues = DefinitionIssue[];

const ELIGIBILITY_OUT = ['likelihood', 'eligibilityScore', 'confidenceLevel'];
const COMPLEXITY_OUT = ['complexityScore', 'complexityLevel', 'flagCount'];
const VALUE_OUT = ['valueLow', 'valueMedian', 'valueHigh'];
const POTENTIAL_OUT = ['potentialLow', 'potentialMedium', 'potentialHigh'];
const APPROACH_OUT = ['serviceApproach'];
const EVALUATION_KEYS = [
  'definition',
  'asOf',
  'answers',
  'inputs',
  'facts',
  'lists',
  'eligibility',
  'complexity',
  'value',
  'recommendation',
  'trace',
];

function checkConditionFacts(
  condition: Condition,
  path: string,
  allowed: ReadonlySet<string>,
  what: string,
  issues: Issues,
): void {
  if ('all' in condition)
    condition.all.forEach((c, i) => checkConditionFacts(c, `${path}/all/${i}`, allowed, what, issues));
  else if ('any' in condition)
    condition.any.forEach((c, i) => checkConditionFacts(c, `${path}/any/${i}`, allowed, what, issues));
  else if ('not' in condition) checkConditionFacts(condition.not, `${path}/not`, allowed, what, issues);
  else {
    if (!allowed.has(condition.fact))
      issues.push({ path: `${path}/fact`, message: `unknown ${what} "${condition.fact}"` });
    const v = condition.value;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'fact' in v && !allowed.has(v.fact)) {
      issues.push({ path: `${path}/value/fact`, message: `unknown ${what} "${v.fact}"` });
    }
  }
}

function checkExpression(
  expr: Expression,
  path: string,
  allowed: ReadonlySet<string>,
  params: ReadonlySet<string>,
  issues: Issues,
): void {
  if (typeof expr === 'number') return;
  if ('param' in expr) {
    if (!params.has(expr.param))
      issues.push({
        path: `${path}/param`,
        message: `unknown parameter "${expr.param}" (not in parameters[])`,
      });
    return;
  }
  if (!('op' in expr)) {
    if (!allowed.has(expr.fact) && !('default' in expr)) {
      issues.push({ path: `${path}/fact`, message: `unknown fact "${expr.fact}"` });
    }
    return;
  }
  if (expr.op === 'if') {
    checkConditionFacts(expr.cond, `${path}/cond`, allowed, 'fact', issues);
    checkExpression(expr.then, `${path}/then`, allowed, params, issues);
    checkExpression(expr.else, `${path}/else`, allowed, params, issues);
  } else if (expr.op === 'lookup') {
    if (!allowed.has(expr.fact))
      issues.push({ path: `${path}/fact`, message: `unknown fact "${expr.fact}"` });
  } else {
    expr.args.forEach((a: Expression, i: number) =>
      checkExpression(a, `${path}/args/${i}`, allowed, params, issues),
    );
  }
}

function checkTemplate(text: string, path: string, allowed: ReadonlySet<string>, issues: Issues): void {
  for (const m of text.matchAll(/\{\{\s*([A-Za-z0-9_.$-]+)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g)) {
    const name = m[1] ?? '';
    const format = m[2];
    if (!allowed.has(name)) issues.push({ path, message: `template reads unknown fact "${name}"` });
    if (format !== undefined && !['currency', 'percent', 'rate', 'list'].includes(format)) {
      issues.push({ path, message: `unknown template format "${format}" (currency, percent, rate, list)` });
    }
  }
}

function duplicates(
  ids: readonly string[],
  pathOf: (i: number) => string,
  what: string,
  issues: Issues,
): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) issues.push({ path: pathOf(i), message: `duplicate ${what} "${id}"` });
    seen.add(id);
  });
}

export function semanticIssues(
  def: AssessmentDefinition,
  parameterSets: Readonly<Record<string, ParameterSet>>,
): DefinitionIssue[] {
  const issues: Issues = [];
  const questions = def.questionnaire.questions;
  duplicates(
    questions.map((q) => q.id),
    (i) => `/questionnaire/questions/${i}/id`,
    'question id',
    issues,
  );
  const questionIds = new Set(questions.map((q) => q.id));
  questions.forEach((q, i) => {
    if (q.condition)
      checkConditionFacts(
        q.condition,
        `/questionnaire/questions/${i}/condition`,
        questionIds,
        'question',
        issues,
      );
    if (
      (q.type === 'radio' || q.type === 'select' || q.type === 'checkbox') &&
      (q.options ?? []).length === 0
    ) {
      issues.push({
        path: `/questionnaire/questions/${i}/options`,
        message: `a ${q.type} question needs options`,
      });
    }
    if (q.min !== undefined && q.max !== undefined && q.min > q.max) {
      issues.push({ path: `/questionnaire/questions/${i}/min`, message: 'min is greater than max' });
    }
  });

  // inputs: each reads answers, asOf and the inputs before it
  duplicates(
    def.inputs.map((s) => s.name),
    (i) => `/inputs/${i}/name`,
    'input name',
    issues,
  );
  const facts = new Set<string>([...questionIds, 'asOf']);
  def.inputs.forEach((spec, i) => {
    const p = `/inputs/${i}`;
    const need = (name: string, key: string): void => {
      if (!facts.has(name))
        issues.push({ path: `${p}/${key}`, message: `unknown answer or earlier input "${name}"` });
    };
    switch (spec.kind) {
      case 'answer':
      case 'number':
      case 'map':
      case 'monthsSince':
      case 'addMonths':
      case 'taxYear':
      case 'count':
        need(spec.from, 'from');
        break;
      case 'monthsBetween':
      case 'daysBetween':
        need(spec.from, 'from');
        need(spec.to, 'to');
        break;
      case 'cases':
        spec.cases.forEach((c, j) =>
          checkConditionFacts(c.when, `${p}/cases/${j}/when`, facts, 'answer or earlier input', issues),
        );
        break;
      case 'expression':
        checkExpression(spec.expr, `${p}/expr`, facts, new Set(), issues);
        break;
      default: {
        const unknown: never = spec;
        issues.push({ path: p, message: `unknown input kind ${JSON.stringify(unknown)}` });
      }
    }
    facts.add(spec.name);
  });

  // rule facts are inputs and what the stages produce, never raw answers
  const available = new Set<string>(['asOf', ...def.inputs.map((s) => s.name)]);
  const params = new Set<string>();
  (def.parameters ?? []).forEach((ref, i) => {
    const p = `/parameters/${i}`;
    if (params.has(ref.name))
      issues.push({ path: `${p}/name`, message: `duplicate parameter name "${ref.name}"` });
    params.add(ref.name);
    const set = Object.prototype.hasOwnProperty.call(parameterSets, ref.set)
      ? parameterSets[ref.set]
      : undefined;
    if (!set)
      issues.push({
        path: `${p}/set`,
        message: `parameter set "${ref.set}" is not loaded (definitions/parameters/${ref.set}.json)`,
      });
    else if (!Object.prototype.hasOwnProperty.call(set.parameters, ref.key)) {
      issues.push({ path: `${p}/key`, message: `parameter "${ref.key}" is not in set "${ref.set}"` });
    }
    if (!available.has(ref.dateFact))
      issues.push({ path: `${p}/dateFact`, message: `unknown input "${ref.dateFact}"` });
  });
  params.forEach((n) => available.add(n));

  (def.calculations ?? []).forEach((calc, i) => {
    checkExpression(calc.expr, `/calculations/${i}/expr`, available, params, issues);
    if (available.has(calc.id))
      issues.push({
        path: `/calculations/${i}/id`,
        message: `calculation id "${calc.id}" repeats a fact name`,
      });
    available.add(calc.id);
  });

  (def.lists ?? []).forEach((list, l) => {
    duplicates(
      list.rules.map((r) => r.id),
      (i) => `/lists/${l}/rules/${i}/id`,
      'rule id',
      issues,
    );
    list.rules.forEach((rule, r) =>
      checkConditionFacts(rule.conditions, `/lists/${l}/rules/${r}/conditions`, available, 'fact', issues),
    );
  });
  (def.lists ?? []).forEach((list, l) => {
    if (available.has(list.id))
      issues.push({ path: `/lists/${l}/id`, message: `list id "${list.id}" repeats a fact name` });
    available.add(list.id);
  });

  const elig = def.eligibility;
  if (!('fixed' in elig)) {
    duplicates(
      elig.factors.map((f) => f.id),
      (i) => `/eligibility/factors/${i}/id`,
      'factor id',
      issues,
    );
    duplicates(
      elig.rules.map((r) => r.id),
      (i) => `/eligibility/rules/${i}/id`,
      'rule id',
      issues,
    );
    const factors = new Set(elig.factors.map((f) => f.id));
    elig.rules.forEach((rule, i) => {
      if (!factors.has(rule.factor)) {
        issues.push({
          path: `/eligibility/rules/${i}/factor`,
          message: `factor "${rule.factor}" is not declared in eligibility.factors`,
        });
      }
      checkConditionFacts(rule.conditions, `/eligibility/rules/${i}/conditions`, available, 'fact', issues);
    });
    elig.confidence.inputs.forEach((name, i) => {
      if (!available.has(name))
        issues.push({ path: `/eligibility/confidence/inputs/${i}`, message: `unknown input "${name}"` });
    });
  }
  ELIGIBILITY_OUT.forEach((n) => available.add(n));

  const cx = def.complexity;
  if (!('fixed' in cx)) {
    duplicates(
      cx.flags.map((f) => f.id),
      (i) => `/complexity/flags/${i}/id`,
      'flag id',
      issues,
    );
    cx.flags.forEach((flag, i) => {
      if (flag.conditions)
        checkConditionFacts(flag.conditions, `/complexity/flags/${i}/conditions`, available, 'fact', issues);
      (flag.tiers ?? []).forEach((tier, t) =>
        checkConditionFacts(
          tier.conditions,
          `/complexity/flags/${i}/tiers/${t}/conditions`,
          available,
          'fact',
          issues,
        ),
      );
      if (!flag.conditions && !flag.tiers) {
        issues.push({ path: `/complexity/flags/${i}`, message: 'a flag needs conditions or tiers' });
      }
    });
    (cx.counts ?? []).forEach((c, i) => {
      if (available.has(c.name) || COMPLEXITY_OUT.includes(c.name)) {
        issues.push({
          path: `/complexity/counts/${i}/name`,
          message: `count name "${c.name}" repeats a fact name`,
        });
      }
      available.add(c.name);
    });
  }
  COMPLEXITY_OUT.forEach((n) => available.add(n));

  const value = def.value;
  const selectionIds = new Set((value.selections ?? []).map((s) => s.id));
  (value.selections ?? []).forEach((sel, s) => {
    duplicates(
      sel.rules.map((r) => r.id),
      (i) => `/value/selections/${s}/rules/${i}/id`,
      'rule id',
      issues,
    );
    sel.rules.forEach((rule, r) => {
      const p = `/value/selections/${s}/rules/${r}/conditions`;
      checkConditionFacts(rule.conditions, p, available, 'fact', issues);
    });
  });
  (value.selections ?? []).forEach((sel, i) => {
    if (available.has(sel.id))
      issues.push({
        path: `/value/selections/${i}/id`,
        message: `selection id "${sel.id}" repeats a fact name`,
      });
  });
  selectionIds.forEach((n) => available.add(n));
  (value.calculations ?? []).forEach((calc, i) => {
    checkExpression(calc.expr, `/value/calculations/${i}/expr`, available, params, issues);
    if (available.has(calc.id))
      issues.push({
        path: `/value/calculations/${i}/id`,
        message: `calculation id "${calc.id}" repeats a fact name`,
      });
    available.add(calc.id);
  });
  checkExpression(value.median, '/value/median', available, params, issues);
  available.add('valueMedian');
  checkExpression(value.low, '/value/low', available, params, issues);
  available.add('valueLow');
  checkExpression(value.high, '/value/high', available, params, issues);
  VALUE_OUT.forEach((n) => available.add(n));
  (value.factors ?? []).forEach((f, i) =>
    checkExpression(f.value, `/value/factors/${i}/value`, available, params, issues),
  );

  const pot = cx.potential;
  checkExpression(pot.low, '/complexity/potential/low', available, params, issues);
  checkExpression(pot.medium, '/complexity/potential/medium', available, params, issues);
  checkExpression(pot.high, '/complexity/potential/high', available, params, issues);
  POTENTIAL_OUT.forEach((n) => available.add(n));

  duplicates(
    def.approach.rules.map((r) => r.id),
    (i) => `/approach/rules/${i}/id`,
    'rule id',
    issues,
  );
  def.approach.rules.forEach((rule, i) =>
    checkConditionFacts(rule.conditions, `/approach/rules/${i}/conditions`, available, 'fact', issues),
  );
  APPROACH_OUT.forEach((n) => available.add(n));

  const rec = def.recommendation;
  for (const [k, text] of Object.entries(rec.summary))
    checkTemplate(text, `/recommendation/summary/${k}`, available, issues);
  (rec.text ?? []).forEach((section, i) => {
    if (section.when)
      checkConditionFacts(section.when, `/recommendation/text/${i}/when`, available, 'fact', issues);
    if (section.heading)
      checkTemplate(section.heading, `/recommendation/text/${i}/heading`, available, issues);
    section.paragraphs.forEach((t, j) =>
      checkTemplate(t, `/recommendation/text/${i}/paragraphs/${j}`, available, issues),
    );
  });
  for (const [approach, steps] of Object.entries(rec.nextSteps)) {
    steps.forEach((t, j) =>
      checkTemplate(t, `/recommendation/nextSteps/${approach}/${j}`, available, issues),
    );
  }
  for (const [approach, steps] of Object.entries(rec.actionPlans)) {
    steps.forEach((s, j) => {
      checkTemplate(s.title, `/recommendation/actionPlans/${approach}/${j}/title`, available, issues);
      checkTemplate(
        s.description,
        `/recommendation/actionPlans/${approach}/${j}/description`,
        available,
        issues,
      );
    });
  }

  for (const [name, spec] of Object.entries(def.resultFields ?? {})) {
    const [head, second] = spec.from.split('.');
    const path = `/resultFields/${name}/from`;
    if (head === undefined || !EVALUATION_KEYS.includes(head)) {
      issues.push({
        path,
        message: `"${spec.from}" does not start with one of ${EVALUATION_KEYS.join(', ')}`,
      });
    } else if (head === 'facts' && second !== undefined && !available.has(second)) {
      issues.push({ path, message: `unknown fact "${second}"` });
    } else if (head === 'lists' && second !== undefined && !(def.lists ?? []).some((l) => l.id === second)) {
      issues.push({ path, message: `unknown list "${second}"` });
    }
  }

  def.tests.forEach((test, i) => {
    for (const key of Object.keys(test.answers ?? {})) {
      if (!questionIds.has(key))
        issues.push({ path: `/tests/${i}/answers/${key}`, message: `unknown question "${key}"` });
    }
    const inputNames = new Set(def.inputs.map((spec) => spec.name));
    for (const key of Object.keys(test.inputs ?? {})) {
      if (!inputNames.has(key))
        issues.push({ path: `/tests/${i}/inputs/${key}`, message: `unknown input "${key}"` });
    }
    if (test.answers && test.inputs)
      issues.push({ path: `/tests/${i}`, message: 'give answers or inputs, not both' });
    for (const key of Object.keys(test.expect)) {
      const head = key.split('.')[0] ?? '';
      if (!EVALUATION_KEYS.includes(head) && head !== 'resultFields') {
        issues.push({
          path: `/tests/${i}/expect/${key}`,
          message: `"${key}" is not a path of the evaluation (${EVALUATION_KEYS.join(', ')}, resultFields)`,
        });
      }
    }
  });
  return issues;
}
