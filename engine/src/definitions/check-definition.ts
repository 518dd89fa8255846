// Checks that catch nonsense in a definition, in the adviser's words: each problem names the
// studio screen and the field, so the web can show it beside the field (it runs this live) and
// the API refuses a submission for review with errors. Pure: no I/O, browser and Node.
import type { AssessmentDefinition, ParameterSet, Question } from '../types';
import { DefinitionError } from './definition-error';
import { loadDefinition } from './load-definition';

export type CheckSeverity = 'error' | 'warning';

export type CheckCode =
  | 'schema'
  | 'semantic'
  | 'bands-order'
  | 'levels-order'
  | 'points-above-max'
  | 'yes-no-vs-text'
  | 'value-not-an-option'
  | 'question-unread'
  | 'parameter-value-type'
  | 'parameter-dates-gap'
  | 'parameter-test-name-duplicate'
  | 'parameter-dates-overlap'
  | 'max-score-changed';

export interface DefinitionCheck {
  severity: CheckSeverity;
  /** Studio screen: Questions, Scoring, Complexity, Value, Approach, Recommendation, Parameters, Tests, General. */
  screen: string;
  /** The field in words, e.g. "Bands · Possible at or above". */
  field: string;
  message: string;
  /** JSON pointer into the definition (or `parameters:<set>/<key>/values/<i>` for a parameter set). */
  path: string;
  code: CheckCode;
}

export interface CheckDefinitionOptions {
  /** Parameter sets the definition reads (for the engine's load checks; checkParameterSet checks the sets themselves). */
  parameterSets?: readonly ParameterSet[];
  /** The published version, for warnings about changes with wide effects (maximum score). */
  published?: AssessmentDefinition | null;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const quote = (s: string): string => `“${s}”`;

const LIKELIHOOD_RANK: Record<string, number> = { Likely: 3, Possible: 2, Unlikely: 1 };
const LEVEL_RANK: Record<string, number> = { High: 3, Medium: 2, Low: 1 };

function questionName(q: unknown, i: number): string {
  if (!isObj(q)) return `Question ${i + 1}`;
  const text = str(q.question);
  return text ? `Question ${quote(text.length > 60 ? `${text.slice(0, 57)}…` : text)}` : `Question ${i + 1}`;
}

const FIELD_WORDS: Record<string, string> = {
  question: 'Question text',
  type: 'Answer type',
  options: 'Options',
  condition: 'Shown when',
  description: 'Description',
  min: 'Minimum',
  max: 'Maximum',
  points: 'Points',
  factor: 'Factor',
  conditions: 'Condition',
  weight: 'Weight',
  likelihood: 'Likelihood',
  reason: 'Reason',
  serviceApproach: 'Approach',
  approachRationale: 'Rationale',
  effectiveFrom: 'Effective from',
  title: 'Title',
  value: 'Value',
  label: 'Label',
};

/** Where a JSON pointer of a definition is, in the studio's words. */
export function describeDefinitionPath(def: unknown, path: string): { screen: string; field: string } {
  const parts = path.split('/').slice(1);
  const d = isObj(def) ? def : {};
  const words = (rest: string[]): string =>
    rest
      .filter((p) => !/^\d+$/.test(p))
      .map((p) => FIELD_WORDS[p] ?? p)
      .join(' · ');
  const join = (...xs: string[]) => xs.filter(Boolean).join(' · ');
  const [top, second, index, ...rest] = parts;
  switch (top) {
    case 'questionnaire': {
      const i = Number(index);
      const q = isObj(d.questionnaire) ? arr(d.questionnaire.questions)[i] : undefined;
      return {
        screen: 'Questions',
        field: index === undefined ? 'Questions' : join(questionName(q, i), words(rest)),
      };
    }
    case 'eligibility': {
      const e = isObj(d.eligibility) ? d.eligibility : {};
      const i = Number(index);
      if (second === 'bands') {
        const band = arr(e.bands)[i];
        return {
          screen: 'Scoring',
          field: `Bands · ${isObj(band) ? str(band.likelihood) || `Band ${i + 1}` : 'Bands'} at or above`,
        };
      }
      if (second === 'factors') {
        const f = arr(e.factors)[i];
        const name = isObj(f) ? str(f.description) || str(f.id) : `Factor ${i + 1}`;
        return { screen: 'Scoring', field: join(`Factor ${quote(name)}`, words(rest) || 'Maximum') };
      }
      if (second === 'rules') {
        const r = arr(e.rules)[i];
        const name = isObj(r) ? str(r.description) || str(r.id) : `Rule ${i + 1}`;
        return { screen: 'Scoring', field: join(`Points rule ${quote(name)}`, words(rest)) };
      }
      return { screen: 'Scoring', field: words(parts.slice(1)) || 'Eligibility' };
    }
    case 'complexity': {
      const c = isObj(d.complexity) ? d.complexity : {};
      const level = second === 'levels' ? arr(c.levels)[Number(index)] : undefined;
      if (isObj(level)) return { screen: 'Complexity', field: `Levels · ${str(level.level)} at or above` };
      return { screen: 'Complexity', field: words(parts.slice(1)) || 'Complexity' };
    }
    case 'value':
      return { screen: 'Value', field: words(parts.slice(1)) || 'Value' };
    case 'approach':
      return { screen: 'Approach', field: words(parts.slice(1)) || 'Approach rules' };
    case 'recommendation':
      return { screen: 'Recommendation', field: words(parts.slice(1)) || 'Recommendation' };
    case 'parameters':
      return { screen: 'Parameters', field: words(parts.slice(1)) || 'Parameters' };
    case 'tests':
      return { screen: 'Tests', field: words(parts.slice(1)) || 'Tests' };
    case 'claims':
      // claim templates are edited in Expert JSON (issue 30); the check names where
      return { screen: 'General', field: `Claim templates · ${words(parts.slice(1)) || 'routes'}` };
    case undefined:
    default:
      return { screen: 'General', field: top ? (FIELD_WORDS[top] ?? top) : 'The definition' };
  }
}

/** Ajv and engine messages said in words. */
function plainMessage(message: string): string {
  return message
    .replace(/must be (number|integer|string|boolean|array|object)\b/g, (_m, t: string) => {
      const w: Record<string, string> = {
        number: 'a number',
        integer: 'a whole number',
        string: 'text',
        boolean: 'Yes or No',
        array: 'a list',
        object: 'a group of fields',
      };
      return `must be ${w[t] ?? t}`;
    })
    .replace(/must have required property '([^']+)'/g, (_m, p: string) => `needs ${FIELD_WORDS[p] ?? p}`)
    .replace(/must be equal to one of the allowed values/g, 'must be one of the allowed choices')
    .replace(/must NOT have fewer than (\d+) (items|characters)/g, 'needs at least $1 $2')
    .replace(/must be >= (-?[\d.]+)/g, 'must be at least $1')
    .replace(/must be <= (-?[\d.]+)/g, 'must be at most $1');
}

function walkConditions(c: unknown, visit: (leaf: Json) => void): void {
  if (!isObj(c)) return;
  if (Array.isArray(c.all)) c.all.forEach((x) => walkConditions(x, visit));
  if (Array.isArray(c.any)) c.any.forEach((x) => walkConditions(x, visit));
  if (c.not !== undefined) walkConditions(c.not, visit);
  if (typeof c.fact === 'string') visit(c);
}

/** Every fact name the definition reads anywhere (conditions, inputs, expressions, parameters, result fields). */
function factsRead(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    node.forEach((x) => factsRead(x, out));
    return;
  }
  if (!isObj(node)) return;
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'fact' || k === 'from' || k === 'to' || k === 'dateFact') && typeof v === 'string') {
      out.add(v);
      out.add(v.replace(/^(facts|answers)\./, ''));
    } else factsRead(v, out);
  }
}

function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) ? '' : new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

function maxScore(def: unknown): number | null {
  if (!isObj(def) || !isObj(def.eligibility) || !Array.isArray(def.eligibility.factors)) return null;
  return def.eligibility.factors.reduce<number>(
    (s, f) => s + (isObj(f) && typeof f.max === 'number' ? f.max : 0),
    0,
  );
}

/** A band table: bands in rising order, each a rate and an upper bound; only the last open-ended. */
function isBandTable(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  let previous = -Infinity;
  return value.every((band: unknown, i) => {
    if (!isObj(band) || typeof band.rate !== 'number' || !Number.isFinite(band.rate)) return false;
    const last = i === value.length - 1;
    if (band.upTo === null) return last;
    if (typeof band.upTo !== 'number' || !(band.upTo > previous)) return false;
    previous = band.upTo;
    return true;
  });
}

/** Checks one parameter set: value types against the unit, gaps and overlaps between dated values. */
export function checkParameterSet(set: unknown): DefinitionCheck[] {
  const out: DefinitionCheck[] = [];
  if (!isObj(set) || !isObj(set.parameters)) return out;
  const setId = str(set.id) || 'parameters';
  for (const [key, p] of Object.entries(set.parameters)) {
    if (!isObj(p)) continue;
    const name = str(p.description) || key;
    const field = (i: number, what: string) => `${quote(name)} · row ${i + 1} · ${what}`;
    const values = arr(p.values).filter(isObj);
    const wantText = p.unit === 'text';
    const wantBands = p.unit === 'bands';
    const wanted = wantText ? 'text' : wantBands ? 'a band table (each band: up to, rate)' : 'a number';
    values.forEach((v, i) => {
      const ok = wantText
        ? typeof v.value === 'string'
        : wantBands
          ? isBandTable(v.value)
          : typeof v.value === 'number' && Number.isFinite(v.value);
      if (!ok)
        out.push({
          severity: 'error',
          screen: 'Parameters',
          field: field(i, 'Value'),
          message: `${quote(name)} from ${str(v.from) || '?'} must be ${wanted}${
            wantText || wantBands ? '' : ` (its unit is ${str(p.unit) || 'a number'})`
          }, not ${JSON.stringify(v.value)}.`,
          path: `parameters:${setId}/${key}/values/${i}/value`,
          code: 'parameter-value-type',
        });
    });
    const sorted = values.map((v, i) => ({ v, i })).sort((a, b) => (str(a.v.from) < str(b.v.from) ? -1 : 1));
    for (let k = 1; k < sorted.length; k += 1) {
      const prev = sorted[k - 1]!;
      const cur = sorted[k]!;
      const prevTo = prev.v.to === null || prev.v.to === undefined ? null : str(prev.v.to);
      const from = str(cur.v.from);
      if (prevTo === null || from <= prevTo) {
        out.push({
          severity: 'error',
          screen: 'Parameters',
          field: field(cur.i, 'From'),
          message: `${quote(name)}: the value from ${from} overlaps the one from ${str(prev.v.from)} (which runs ${
            prevTo === null ? 'with no end date' : `to ${prevTo}`
          }); each day must have one value.`,
          path: `parameters:${setId}/${key}/values/${cur.i}/from`,
          code: 'parameter-dates-overlap',
        });
      } else if (from !== addDays(prevTo, 1)) {
        out.push({
          severity: 'error',
          screen: 'Parameters',
          field: field(cur.i, 'From'),
          message: `${quote(name)} has no value from ${addDays(prevTo, 1)} to ${addDays(from, -1)}: the value ending ${prevTo} must be followed by one starting ${addDays(prevTo, 1)}.`,
          path: `parameters:${setId}/${key}/values/${cur.i}/from`,
          code: 'parameter-dates-gap',
        });
      }
    }
  }
  // The set's own tests are named in the gate's coverage: one name, one test.
  const seen = new Set<string>();
  arr(set.tests).forEach((t, i) => {
    const name = isObj(t) ? str(t.name) : '';
    if (name && seen.has(name))
      out.push({
        severity: 'error',
        screen: 'Parameters',
        field: `Test ${i + 1} · Name`,
        message: `Two tests are named ${quote(name)}: give each test its own name.`,
        path: `parameters:${setId}/tests/${i}/name`,
        code: 'parameter-test-name-duplicate',
      });
    seen.add(name);
  });
  return out;
}

/**
 * Every problem of a definition (draft JSON, possibly invalid), errors and warnings, in words:
 * schema and engine load errors translated, then the studio's own checks.
 */
export function checkDefinition(json: unknown, options: CheckDefinitionOptions = {}): DefinitionCheck[] {
  const out: DefinitionCheck[] = [];
  const at = (path: string) => describeDefinitionPath(json, path);
  const push = (severity: CheckSeverity, code: CheckCode, path: string, message: string, field?: string) => {
    const where = at(path);
    out.push({ severity, code, path, message, screen: where.screen, field: field ?? where.field });
  };
  const d = isObj(json) ? json : {};
  const questions = (isObj(d.questionnaire) ? arr(d.questionnaire.questions) : []).filter(
    isObj,
  ) as unknown as (Question & Json)[];
  const byId = new Map(questions.map((q, i) => [str(q.id), { q, i }]));
  // Inputs that copy an answer as is read it under another name.
  const answerOf = new Map<string, string>();
  for (const input of arr(d.inputs)) {
    if (isObj(input) && input.kind === 'answer' && typeof input.from === 'string')
      answerOf.set(str(input.name), input.from);
  }

  // Bands: Likely above Possible (above Unlikely), each threshold strictly lower than the one above.
  const e = isObj(d.eligibility) ? d.eligibility : {};
  const ordered = (
    list: unknown[],
    rank: Record<string, number>,
    key: string,
    code: CheckCode,
    base: string,
  ) => {
    const items = list
      .map((b, i) => ({ b: isObj(b) ? b : {}, i }))
      .filter(({ b }) => typeof b.min === 'number' && rank[str(b[key])] !== undefined)
      .sort((a, b) => rank[str(b.b[key])]! - rank[str(a.b[key])]!);
    for (let k = 1; k < items.length; k += 1) {
      const hi = items[k - 1]!;
      const lo = items[k]!;
      if ((lo.b.min as number) >= (hi.b.min as number))
        push(
          'error',
          code,
          `${base}/${lo.i}/min`,
          `${quote(`${str(lo.b[key])} at or above`)} (${String(lo.b.min)}) must be lower than ${quote(
            `${str(hi.b[key])} at or above`,
          )} (${String(hi.b.min)}).`,
        );
    }
  };
  ordered(arr(e.bands), LIKELIHOOD_RANK, 'likelihood', 'bands-order', '/eligibility/bands');
  const cx = isObj(d.complexity) ? d.complexity : {};
  ordered(arr(cx.levels), LEVEL_RANK, 'level', 'levels-order', '/complexity/levels');

  // Points above the factor's maximum.
  const factors = new Map(
    arr(e.factors)
      .filter(isObj)
      .map((f) => [str(f.id), f]),
  );
  arr(e.rules).forEach((r, i) => {
    if (!isObj(r) || typeof r.points !== 'number') return;
    const f = factors.get(str(r.factor));
    if (f && typeof f.max === 'number' && r.points > f.max)
      push(
        'error',
        'points-above-max',
        `/eligibility/rules/${i}/points`,
        `${quote(str(r.description) || str(r.id))} gives ${r.points} points, more than the maximum of ${f.max} for the factor ${quote(
          str(f.description) || str(f.id),
        )}.`,
      );
  });

  // Conditions on answers: Yes/No compared with text, values not among the options.
  const checkLeaf = (leaf: Json, path: string) => {
    const fact = str(leaf.fact);
    const target = byId.get(fact) ?? byId.get(answerOf.get(fact) ?? '');
    if (!target || !Array.isArray(target.q.options) || target.q.options.length === 0) return;
    const op = str(leaf.operator);
    if (!['equal', 'notEqual', 'in', 'notIn', 'contains', 'doesNotContain', 'containsAny'].includes(op))
      return;
    const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
    const options = target.q.options.map((o) => o.value);
    const yesNo = options.length > 0 && options.every((v) => typeof v === 'boolean');
    const qName = questionName(target.q, target.i);
    for (const v of values) {
      if (isObj(v)) continue; // compares with another fact
      if (yesNo && typeof v === 'string') {
        push(
          'error',
          'yes-no-vs-text',
          path,
          `${qName} is answered Yes or No, but this condition compares it with the text ${quote(v)}; choose Yes or No instead.`,
        );
      } else if (!options.some((o) => o === v)) {
        push(
          'error',
          'value-not-an-option',
          path,
          `${JSON.stringify(v)} is not one of the options of ${qName} (${options.map((o) => JSON.stringify(o)).join(', ')}), so this condition can never match as written.`,
        );
      }
    }
  };
  const scan = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((x, i) => scan(x, `${path}/${i}`));
      return;
    }
    if (!isObj(node)) return;
    if (typeof node.fact === 'string' && typeof node.operator === 'string') {
      checkLeaf(node, path);
      return;
    }
    for (const [k, v] of Object.entries(node)) scan(v, `${path}/${k}`);
  };
  for (const key of Object.keys(d)) if (key !== 'tests') scan(d[key], `/${key}`);

  // A question nothing reads.
  const read = new Set<string>();
  factsRead({ ...d, questionnaire: undefined, tests: undefined }, read);
  questions.forEach((q) => walkConditions(q.condition, (leaf) => read.add(str(leaf.fact))));
  questions.forEach((q, i) => {
    if (!read.has(str(q.id)))
      push(
        'warning',
        'question-unread',
        `/questionnaire/questions/${i}`,
        `${questionName(q, i)} is asked but no input, rule or other question reads its answer; use it in a rule or remove it.`,
      );
  });

  // The maximum score changes: every score is rescaled.
  const before = maxScore(options.published);
  const after = maxScore(json);
  if (before !== null && after !== null && before !== after)
    push(
      'warning',
      'max-score-changed',
      '/eligibility/factors',
      `The maximum score changes from ${before} to ${after} (the sum of the factors’ maximums): every score is rescaled, so check the bands still mean what they should.`,
      'Factors · Maximum score',
    );

  // Schema and engine load errors, in words (those a check above already explains are skipped).
  try {
    loadDefinition(json, { parameterSets: options.parameterSets ?? [] });
  } catch (error) {
    const issues =
      error instanceof DefinitionError
        ? error.issues
        : [{ path: '', message: error instanceof Error ? error.message : String(error) }];
    const schema = !(error instanceof DefinitionError) || /Assessment definition/.test(error.message);
    for (const issue of issues) {
      if (out.some((c) => c.severity === 'error' && c.path === issue.path)) continue;
      const where = at(issue.path);
      out.push({
        severity: 'error',
        code: schema && /must|unknown property/.test(issue.message) ? 'schema' : 'semantic',
        path: issue.path,
        screen: where.screen,
        field: where.field,
        message: `${where.field}: ${plainMessage(issue.message)}`,
      });
    }
  }
  return out;
}
