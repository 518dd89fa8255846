// Checks the schema cannot express: unique ids, declared factors, parameter refs present in the
// loaded sets, and every fact name a condition, expression or template reads being available at
// the stage that reads it.
// Which facts each stage may read follows rules/pipeline.ts: one check per stage, run in the
// pipeline's order, each stage's facts added after its check.
import type { AssessmentDefinition, Condition, Expression, MapItemsInputSpec, ParameterSet } from '../types';
import { STAGE_DECLARATIONS, factsProducedBy } from '../rules/stage-facts';
import type { StageName } from '../rules/stage-name';
import type { DefinitionIssue } from './definition-error';
import { CLAIM_CLIENT_FIELDS } from '../claims/claim-drafts';

type Issues = DefinitionIssue[];
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
  inItems = false,
): void {
  if (typeof expr === 'number') return;
  if ('item' in expr) {
    if (!inItems) issues.push({ path: `${path}/item`, message: 'an item cell is read only inside sumItems' });
    return;
  }
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
    checkExpression(expr.then, `${path}/then`, allowed, params, issues, inItems);
    checkExpression(expr.else, `${path}/else`, allowed, params, issues, inItems);
  } else if (expr.op === 'sumItems') {
    if (!allowed.has(expr.items))
      issues.push({ path: `${path}/items`, message: `unknown fact "${expr.items}"` });
    checkExpression(expr.expr, `${path}/expr`, allowed, params, issues, true);
  } else if (expr.op === 'lookup') {
    if (!allowed.has(expr.fact))
      issues.push({ path: `${path}/fact`, message: `unknown fact "${expr.fact}"` });
  } else if (expr.op === 'bandedTax') {
    if (!params.has(expr.bands))
      issues.push({
        path: `${path}/bands`,
        message: `unknown parameter "${expr.bands}" (not in parameters[])`,
      });
    checkExpression(expr.amount, `${path}/amount`, allowed, params, issues, inItems);
    if (expr.surcharge !== undefined)
      checkExpression(expr.surcharge, `${path}/surcharge`, allowed, params, issues, inItems);
    if (expr.surchargeFrom !== undefined)
      checkExpression(expr.surchargeFrom, `${path}/surchargeFrom`, allowed, params, issues, inItems);
  } else {
    expr.args.forEach((a: Expression, i: number) =>
      checkExpression(a, `${path}/args/${i}`, allowed, params, issues, inItems),
    );
  }
}

function checkTemplate(text: string, path: string, allowed: ReadonlySet<string>, issues: Issues): void {
  for (const m of text.matchAll(/\{\{\s*([A-Za-z0-9_.$-]+)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g)) {
    const name = m[1] ?? '';
    const format = m[2];
    if (!allowed.has(name)) issues.push({ path, message: `template reads unknown fact "${name}"` });
    if (format !== undefined && !['currency', 'money', 'percent', 'rate', 'date', 'list'].includes(format)) {
      issues.push({
        path,
        message: `unknown template format "${format}" (currency, money, percent, rate, date, list)`,
      });
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

interface StageCheckContext {
  def: AssessmentDefinition;
  parameterSets: Readonly<Record<string, ParameterSet>>;
  /** Facts readable at this point of the pipeline (each check adds what it makes, in order). */
  available: Set<string>;
  /** Names usable as { param } in expressions. */
  params: Set<string>;
  issues: Issues;
}

/** Checks of one stage's rules, expressions and templates against the facts available to it. */
const STAGE_CHECKS: Record<StageName, (ctx: StageCheckContext) => void> = {
  facts: checkFactsStage,
  eligibility: checkEligibilityStage,
  complexity: checkComplexityStage,
  value: checkValueStage,
  potential: ({ def, available, params, issues }) => {
    const pot = def.complexity.potential;
    checkExpression(pot.low, '/complexity/potential/low', available, params, issues);
    checkExpression(pot.medium, '/complexity/potential/medium', available, params, issues);
    checkExpression(pot.high, '/complexity/potential/high', available, params, issues);
  },
  approach: ({ def, available, issues }) => {
    duplicates(
      def.approach.rules.map((r) => r.id),
      (i) => `/approach/rules/${i}/id`,
      'rule id',
      issues,
    );
    def.approach.rules.forEach((rule, i) => {
      const p = `/approach/rules/${i}`;
      checkConditionFacts(rule.conditions, `${p}/conditions`, available, 'fact', issues);
      checkTemplate(rule.description, `${p}/description`, available, issues);
      checkTemplate(rule.approachRationale, `${p}/approachRationale`, available, issues);
    });
    checkTemplate(
      def.approach.otherwise.approachRationale,
      '/approach/otherwise/approachRationale',
      available,
      issues,
    );
  },
  recommendation: checkRecommendationStage,
  resultFields: checkResultFieldsStage,
};

export function semanticIssues(
  def: AssessmentDefinition,
  parameterSets: Readonly<Record<string, ParameterSet>>,
): DefinitionIssue[] {
  const issues: Issues = [];
  checkQuestionnaire(def, issues);
  const ctx: StageCheckContext = { def, parameterSets, available: new Set(), params: new Set(), issues };
  // the facts each stage may read: what the stages before it declare (the engine's one list)
  for (const stage of STAGE_DECLARATIONS) {
    STAGE_CHECKS[stage.name](ctx);
    for (const fact of stage.produces(def)) ctx.available.add(fact);
  }
  checkClaims(def, ctx.available, parameterSets, issues);
  checkTests(def, issues);
  return issues;
}

function checkQuestionnaire(def: AssessmentDefinition, issues: Issues): void {
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
    if (q.notAfter !== undefined && q.type !== 'date') {
      issues.push({
        path: `/questionnaire/questions/${i}/notAfter`,
        message: `notAfter applies to date questions only, not to a ${q.type} question`,
      });
    }
    checkTable(q, `/questionnaire/questions/${i}`, issues);
  });
}

/** Table questions: columns, and only they; each column's options, bounds and row condition. */
function checkTable(
  q: AssessmentDefinition['questionnaire']['questions'][number],
  p: string,
  issues: Issues,
): void {
  const tableOnly = ['columns', 'minRows', 'maxRows', 'addRowText', 'removeRowText', 'import'] as const;
  if (q.type !== 'table') {
    for (const key of tableOnly)
      if (q[key] !== undefined)
        issues.push({ path: `${p}/${key}`, message: `${key} applies to table questions only` });
    return;
  }
  const columns = q.columns ?? [];
  if (columns.length === 0) issues.push({ path: `${p}/columns`, message: 'a table question needs columns' });
  duplicates(
    columns.map((c) => c.id),
    (j) => `${p}/columns/${j}/id`,
    'column id',
    issues,
  );
  if (q.minRows !== undefined && q.maxRows !== undefined && q.minRows > q.maxRows)
    issues.push({ path: `${p}/minRows`, message: 'minRows is greater than maxRows' });
  const ids = new Set(columns.map((c) => c.id));
  columns.forEach((c, j) => {
    const cp = `${p}/columns/${j}`;
    if ((c.type === 'select' || c.type === 'checkbox') && (c.options ?? []).length === 0)
      issues.push({ path: `${cp}/options`, message: `a ${c.type} column needs options` });
    if (c.min !== undefined && c.max !== undefined && c.min > c.max)
      issues.push({ path: `${cp}/min`, message: 'min is greater than max' });
    if (c.notAfter !== undefined && c.type !== 'date')
      issues.push({ path: `${cp}/notAfter`, message: `notAfter applies to date columns only` });
    if (c.requiredWhen) checkConditionFacts(c.requiredWhen, `${cp}/requiredWhen`, ids, 'column', issues);
  });
}

/**
 * A `mapItems` input over a table question: its fields, `where`, `sortBy` and running totals read
 * the row's columns, the fields before them and the facts so far. (Over an earlier array input the
 * cells are not known at load, so only the facts it names are checked by evaluation.)
 */
function checkMapItems(
  spec: MapItemsInputSpec,
  p: string,
  facts: ReadonlySet<string>,
  def: AssessmentDefinition,
  issues: Issues,
): void {
  const question = def.questionnaire.questions.find((q) => q.id === spec.from);
  if (!question || question.type !== 'table' || !question.columns) return;
  const row = new Set<string>([...facts, ...question.columns.map((c) => c.id)]);
  const needRow = (name: string, key: string): void => {
    if (!row.has(name))
      issues.push({ path: `${p}/${key}`, message: `unknown column, field or fact "${name}"` });
  };
  (spec.fields ?? []).forEach((field, j) => {
    const fp = `fields/${j}`;
    switch (field.kind) {
      case 'cases':
        field.cases.forEach((c, k) =>
          checkConditionFacts(c.when, `${p}/${fp}/cases/${k}/when`, row, 'column, field or fact', issues),
        );
        break;
      case 'expression':
        checkExpression(field.expr, `${p}/${fp}/expr`, row, new Set(), issues);
        break;
      case 'monthsBetween':
      case 'daysBetween':
        needRow(field.from, `${fp}/from`);
        needRow(field.to, `${fp}/to`);
        break;
      case 'first':
      case 'latestDate':
      case 'earliestDate':
        field.from.forEach((name, k) => needRow(name, `${fp}/from/${k}`));
        break;
      case 'taxYearEnd':
        needRow(field.from, `${fp}/from`);
        break;
      case 'addDays':
        needRow(field.from, `${fp}/from`);
        if (typeof field.days !== 'number') {
          if ('fact' in field.days) needRow(field.days.fact, `${fp}/days/fact`);
          else perRowParameter(`${p}/${fp}/days/param`, issues);
        }
        break;
      case 'text':
        field.cases.forEach((c, k) =>
          checkConditionFacts(c.when, `${p}/${fp}/cases/${k}/when`, row, 'column, field or fact', issues),
        );
        break;
      case 'addMonths':
        needRow(field.from, `${fp}/from`);
        if (typeof field.months !== 'number') perRowParameter(`${p}/${fp}/months/param`, issues);
        break;
      case 'answer':
      case 'number':
      case 'map':
      case 'monthsSince':
      case 'taxYear':
      case 'count':
      case 'path':
      case 'shareMatching':
      case 'mapItems':
        needRow(field.from, `${fp}/from`);
        break;
      default: {
        const unknown: never = field;
        issues.push({ path: `${p}/${fp}`, message: `unknown input kind ${JSON.stringify(unknown)}` });
      }
    }
    row.add(field.name);
  });
  if (spec.where) checkConditionFacts(spec.where, `${p}/where`, row, 'column, field or fact', issues);
  if (spec.sortBy !== undefined) needRow(spec.sortBy, 'sortBy');
  (spec.running ?? []).forEach((r, j) => needRow(r.of, `running/${j}/of`));
}

function perRowParameter(path: string, issues: Issues): void {
  issues.push({
    path,
    message: 'a field of a row cannot read a dated parameter: read it in an input before this one',
  });
}

/**
 * `{ "param": name }` in an input (a window in months or days): a ref of `parameters[]`, of the
 * unit the input counts in, dated by `asOf` or an input before this one, so the value the input
 * uses is the one the parameters stage resolves and traces.
 */
function checkInputParameter(
  def: AssessmentDefinition,
  parameterSets: Readonly<Record<string, ParameterSet>>,
  name: string,
  unit: 'months' | 'days',
  path: string,
  earlierInputs: ReadonlySet<string>,
  issues: Issues,
): void {
  const ref = (def.parameters ?? []).find((r) => r.name === name);
  if (!ref) {
    issues.push({ path, message: `unknown parameter "${name}" (not in parameters[])` });
    return;
  }
  if (ref.dateFact !== 'asOf' && !earlierInputs.has(ref.dateFact))
    issues.push({
      path,
      message: `parameter "${name}" is dated by "${ref.dateFact}", which is not asOf or an input before this one`,
    });
  const set = Object.prototype.hasOwnProperty.call(parameterSets, ref.set)
    ? parameterSets[ref.set]
    : undefined;
  const parameter =
    set && Object.prototype.hasOwnProperty.call(set.parameters, ref.key)
      ? set.parameters[ref.key]
      : undefined;
  if (parameter && parameter.unit !== unit)
    issues.push({
      path,
      message: `parameter "${name}" (${ref.set} ${ref.key}) is in ${parameter.unit}, not ${unit}`,
    });
}

/** Inputs (each reads answers, asOf and the inputs before it), parameters, calculations, lists. */
function checkFactsStage(ctx: StageCheckContext): void {
  const { def, parameterSets, available, params, issues } = ctx;
  const questionIds = new Set(def.questionnaire.questions.map((q) => q.id));
  duplicates(
    def.inputs.map((s) => s.name),
    (i) => `/inputs/${i}/name`,
    'input name',
    issues,
  );
  const facts = new Set<string>([...questionIds, 'asOf']);
  const earlierInputs = new Set<string>();
  def.inputs.forEach((spec, i) => {
    const p = `/inputs/${i}`;
    const need = (name: string, key: string): void => {
      if (!facts.has(name))
        issues.push({ path: `${p}/${key}`, message: `unknown answer or earlier input "${name}"` });
    };
    switch (spec.kind) {
      case 'addMonths':
        need(spec.from, 'from');
        if (typeof spec.months !== 'number')
          checkInputParameter(
            def,
            parameterSets,
            spec.months.param,
            'months',
            `${p}/months/param`,
            earlierInputs,
            issues,
          );
        break;
      case 'answer':
      case 'number':
      case 'map':
      case 'monthsSince':
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
      case 'path':
        need(spec.from, 'from');
        break;
      case 'first':
        spec.from.forEach((name, j) => need(name, `from/${j}`));
        break;
      case 'taxYearEnd':
        need(spec.from, 'from');
        break;
      case 'addDays':
        need(spec.from, 'from');
        if (typeof spec.days === 'number') break;
        if ('fact' in spec.days) need(spec.days.fact, 'days/fact');
        else
          checkInputParameter(
            def,
            parameterSets,
            spec.days.param,
            'days',
            `${p}/days/param`,
            earlierInputs,
            issues,
          );
        break;
      case 'latestDate':
      case 'earliestDate':
        spec.from.forEach((name, j) => need(name, `from/${j}`));
        break;
      case 'text':
        spec.cases.forEach((c, j) => {
          checkConditionFacts(c.when, `${p}/cases/${j}/when`, facts, 'answer or earlier input', issues);
          checkTemplate(c.text, `${p}/cases/${j}/text`, facts, issues);
        });
        if (spec.default !== undefined) checkTemplate(spec.default, `${p}/default`, facts, issues);
        break;
      case 'shareMatching': {
        need(spec.from, 'from');
        if (spec.lossesBroughtForward !== undefined) need(spec.lossesBroughtForward, 'lossesBroughtForward');
        const tax = spec.tax;
        if (!tax) break;
        if (tax.income !== undefined) need(tax.income, 'tax/income');
        if (tax.basicRateBandFree !== undefined) need(tax.basicRateBandFree, 'tax/basicRateBandFree');
        // the set must be one the definition's parameters name, so whoever serves the definition
        // serves the set with it
        const set = (def.parameters ?? []).some((ref) => ref.set === tax.set)
          ? parameterSets[tax.set]
          : undefined;
        if (!set) {
          issues.push({
            path: `${p}/tax/set`,
            message: `parameter set "${tax.set}" is not one the definition's parameters use`,
          });
          break;
        }
        for (const key of [
          'annualExemptAmount',
          'lowerRate',
          'higherRate',
          'basicRateBand',
          'personalAllowance',
          'personalAllowanceTaperThreshold',
          'personalAllowanceTaperRate',
          'proceedsReportingThreshold',
        ] as const) {
          const name = tax[key];
          if (name !== undefined && !Object.prototype.hasOwnProperty.call(set.parameters, name))
            issues.push({
              path: `${p}/tax/${key}`,
              message: `parameter "${name}" is not in set "${tax.set}"`,
            });
        }
        break;
      }
      case 'mapItems':
        need(spec.from, 'from');
        checkMapItems(spec, p, facts, def, issues);
        break;
      default: {
        const unknown: never = spec;
        issues.push({ path: p, message: `unknown input kind ${JSON.stringify(unknown)}` });
      }
    }
    facts.add(spec.name);
    earlierInputs.add(spec.name);
  });

  // rule facts are inputs and what the stages produce, never raw answers
  available.add('asOf');
  def.inputs.forEach((s) => available.add(s.name));
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
    checkTemplate(calc.description, `/calculations/${i}/description`, available, issues);
    if (calc.when) checkConditionFacts(calc.when, `/calculations/${i}/when`, available, 'fact', issues);
  });

  (def.lists ?? []).forEach((list, l) => {
    duplicates(
      list.rules.map((r) => r.id),
      (i) => `/lists/${l}/rules/${i}/id`,
      'rule id',
      issues,
    );
    list.rules.forEach((rule, r) => {
      checkConditionFacts(rule.conditions, `/lists/${l}/rules/${r}/conditions`, available, 'fact', issues);
      checkTemplate(rule.description, `/lists/${l}/rules/${r}/description`, available, issues);
    });
  });
  (def.lists ?? []).forEach((list, l) => {
    if (available.has(list.id))
      issues.push({ path: `/lists/${l}/id`, message: `list id "${list.id}" repeats a fact name` });
    available.add(list.id);
  });
}

function checkEligibilityStage({ def, available, issues }: StageCheckContext): void {
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
      const p = `/eligibility/rules/${i}`;
      if (!factors.has(rule.factor)) {
        issues.push({
          path: `${p}/factor`,
          message: `factor "${rule.factor}" is not declared in eligibility.factors`,
        });
      }
      checkConditionFacts(rule.conditions, `${p}/conditions`, available, 'fact', issues);
      checkTemplate(rule.reason, `${p}/reason`, available, issues);
      checkTemplate(rule.description, `${p}/description`, available, issues);
    });
    elig.confidence.inputs.forEach((name, i) => {
      if (!available.has(name))
        issues.push({ path: `/eligibility/confidence/inputs/${i}`, message: `unknown input "${name}"` });
    });
  } else {
    elig.fixed.reasons.forEach((r, i) =>
      checkTemplate(r, `/eligibility/fixed/reasons/${i}`, available, issues),
    );
  }
  const overrides = elig.overrides ?? [];
  duplicates(
    overrides.map((r) => r.id),
    (i) => `/eligibility/overrides/${i}/id`,
    'rule id',
    issues,
  );
  const overrideFacts = new Set([...available, 'eligibilityScore']);
  overrides.forEach((rule, i) => {
    const p = `/eligibility/overrides/${i}`;
    checkConditionFacts(rule.conditions, `${p}/conditions`, overrideFacts, 'fact', issues);
    checkTemplate(rule.reason, `${p}/reason`, overrideFacts, issues);
    checkTemplate(rule.description, `${p}/description`, overrideFacts, issues);
    if (rule.whatWouldChange !== undefined)
      checkTemplate(rule.whatWouldChange, `${p}/whatWouldChange`, overrideFacts, issues);
  });
}

function checkComplexityStage(ctx: StageCheckContext): void {
  const { def, available, issues } = ctx;
  const cx = def.complexity;
  if ('fixed' in cx) {
    // the reason is filled once the complexity result is assembled (after the approach)
    if (cx.fixed.reason !== undefined) {
      const withOwn = new Set([...available, ...factsProducedBy(def, 'complexity')]);
      checkTemplate(cx.fixed.reason, '/complexity/fixed/reason', withOwn, issues);
    }
    return;
  }
  duplicates(
    cx.flags.map((f) => f.id),
    (i) => `/complexity/flags/${i}/id`,
    'flag id',
    issues,
  );
  cx.flags.forEach((flag, i) => {
    const p = `/complexity/flags/${i}`;
    checkTemplate(flag.description, `${p}/description`, available, issues);
    if (flag.conditions) checkConditionFacts(flag.conditions, `${p}/conditions`, available, 'fact', issues);
    (flag.tiers ?? []).forEach((tier, t) => {
      checkConditionFacts(tier.conditions, `${p}/tiers/${t}/conditions`, available, 'fact', issues);
      if (tier.description !== undefined)
        checkTemplate(tier.description, `${p}/tiers/${t}/description`, available, issues);
    });
    if (!flag.conditions && !flag.tiers) {
      issues.push({ path: p, message: 'a flag needs conditions or tiers' });
    }
  });
  const own = new Set(factsProducedBy({ ...def, complexity: { ...cx, counts: [] } }, 'complexity'));
  (cx.counts ?? []).forEach((c, i) => {
    if (available.has(c.name) || own.has(c.name)) {
      issues.push({
        path: `/complexity/counts/${i}/name`,
        message: `count name "${c.name}" repeats a fact name`,
      });
    }
    available.add(c.name);
  });
}

function checkValueStage({ def, available, params, issues }: StageCheckContext): void {
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
      const p = `/value/selections/${s}/rules/${r}`;
      checkConditionFacts(rule.conditions, `${p}/conditions`, available, 'fact', issues);
      checkTemplate(rule.description, `${p}/description`, available, issues);
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
    checkTemplate(calc.description, `/value/calculations/${i}/description`, available, issues);
    if (calc.when) checkConditionFacts(calc.when, `/value/calculations/${i}/when`, available, 'fact', issues);
  });
  checkExpression(value.median, '/value/median', available, params, issues);
  available.add('valueMedian');
  checkExpression(value.low, '/value/low', available, params, issues);
  available.add('valueLow');
  checkExpression(value.high, '/value/high', available, params, issues);
  available.add('valueHigh');
  if (value.label !== undefined) checkTemplate(value.label, '/value/label', available, issues);
  if (value.note !== undefined) checkTemplate(value.note, '/value/note', available, issues);
  (value.factors ?? []).forEach((f, i) =>
    checkExpression(f.value, `/value/factors/${i}/value`, available, params, issues),
  );
}

function checkRecommendationStage({ def, available, issues }: StageCheckContext): void {
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
  if (rec.whatWouldChange !== undefined)
    checkTemplate(rec.whatWouldChange, '/recommendation/whatWouldChange', available, issues);
}

function checkResultFieldsStage({ def, available, issues }: StageCheckContext): void {
  for (const [name, spec] of Object.entries(def.resultFields ?? {})) {
    if (spec.when) checkConditionFacts(spec.when, `/resultFields/${name}/when`, available, 'fact', issues);
    if ((spec.format === 'table') !== (spec.columns !== undefined))
      issues.push({
        path: `/resultFields/${name}/columns`,
        message:
          spec.format === 'table' ? 'a table field needs columns' : 'columns apply to table fields only',
      });
    const shown = spec.place !== undefined ? spec.place !== 'hidden' : spec.format !== undefined;
    if (shown && spec.label === undefined)
      issues.push({
        path: `/resultFields/${name}/label`,
        message: 'a result field that is shown needs a label',
      });
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
}

const MERGE_NAMES = new Set([
  'claim.reference',
  'claim.date',
  'route.title',
  'route.legalBasis',
  'route.limitDate',
  'route.limitRule',
  'declaration.name',
  'declaration.date',
]);

/** Claim templates (issue 30): ids unique, every fact, client field and staff section they name exists. */
function checkClaims(
  def: AssessmentDefinition,
  available: ReadonlySet<string>,
  parameterSets: Readonly<Record<string, ParameterSet>>,
  issues: Issues,
): void {
  const routes = def.claims?.routes ?? [];
  duplicates(
    routes.map((r) => r.id),
    (i) => `/claims/routes/${i}/id`,
    'claim route id',
    issues,
  );
  const mergeNames = new Set<string>([...available, ...MERGE_NAMES]);
  for (const field of CLAIM_CLIENT_FIELDS) mergeNames.add(`client.${field}`);
  const questionIds = new Set(def.questionnaire.questions.map((q) => q.id));
  for (const q of questionIds) mergeNames.add(`answers.${q}`);
  routes.forEach((route, r) => {
    const p = `/claims/routes/${r}`;
    checkConditionFacts(route.when, `${p}/when`, available, 'fact', issues);
    if (!available.has(route.limit.fact))
      issues.push({ path: `${p}/limit/fact`, message: `unknown fact "${route.limit.fact}"` });
    const param = route.limit.parameter;
    if (param && parameterSets[param.set]?.parameters[param.key] === undefined)
      issues.push({
        path: `${p}/limit/parameter`,
        message: `unknown parameter "${param.key}" in set "${param.set}"`,
      });
    duplicates(
      route.items.map((i) => i.id),
      (i) => `${p}/items/${i}/id`,
      'claim item id',
      issues,
    );
    duplicates(
      route.sections.map((s) => s.id),
      (i) => `${p}/sections/${i}/id`,
      'claim section id',
      issues,
    );
    const editable = new Set(route.sections.filter((s) => s.editable).map((s) => s.id));
    route.items.forEach((item, i) => {
      const ip = `${p}/items/${i}/ref`;
      const ref = item.ref;
      const needsRef = !['declaration', 'limit'].includes(item.source);
      if (needsRef && ref === undefined) {
        issues.push({ path: ip, message: `a "${item.source}" item names what it reads in ref` });
        return;
      }
      if (ref === undefined) return;
      const head = ref.split('.')[0] ?? '';
      if (item.source === 'fact' && !available.has(head))
        issues.push({ path: ip, message: `unknown fact "${ref}"` });
      if (item.source === 'answer' && !questionIds.has(head))
        issues.push({ path: ip, message: `unknown question "${ref}"` });
      if (item.source === 'client' && !(CLAIM_CLIENT_FIELDS as readonly string[]).includes(ref))
        issues.push({
          path: ip,
          message: `unknown client field "${ref}" (${CLAIM_CLIENT_FIELDS.join(', ')})`,
        });
      if (item.source === 'staff' && !editable.has(ref))
        issues.push({ path: ip, message: `"${ref}" is not an editable section of this route` });
    });
    route.sections.forEach((section, i) => {
      const sp = `${p}/sections/${i}`;
      for (const m of section.text.matchAll(/\{\{\s*([A-Za-z0-9_.$-]+)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g)) {
        const name = m[1] ?? '';
        if (!mergeNames.has(name))
          issues.push({ path: `${sp}/text`, message: `merge field reads unknown name "${name}"` });
      }
      if (section.repeat && !available.has(section.repeat.rows.split('.')[0] ?? ''))
        issues.push({ path: `${sp}/repeat/rows`, message: `unknown fact "${section.repeat.rows}"` });
    });
  });
}

function checkTests(def: AssessmentDefinition, issues: Issues): void {
  const questionIds = new Set(def.questionnaire.questions.map((q) => q.id));
  const inputNames = new Set(def.inputs.map((spec) => spec.name));
  def.tests.forEach((test, i) => {
    for (const key of Object.keys(test.answers ?? {})) {
      if (!questionIds.has(key))
        issues.push({ path: `/tests/${i}/answers/${key}`, message: `unknown question "${key}"` });
    }
    for (const key of Object.keys(test.inputs ?? {})) {
      if (!inputNames.has(key))
        issues.push({ path: `/tests/${i}/inputs/${key}`, message: `unknown input "${key}"` });
    }
    if (test.answers && test.inputs)
      issues.push({ path: `/tests/${i}`, message: 'give answers or inputs, not both' });
    for (const key of Object.keys(test.expect)) {
      const head = key.split('.')[0] ?? '';
      // resultFieldViews: where the page shows each field (a passed deadline as a notice, first)
      if (!EVALUATION_KEYS.includes(head) && head !== 'resultFields' && head !== 'resultFieldViews') {
        issues.push({
          path: `/tests/${i}/expect/${key}`,
          message: `"${key}" is not a path of the evaluation (${EVALUATION_KEYS.join(', ')}, resultFields, resultFieldViews)`,
        });
      }
    }
  });
}
