// The builder ↔ json-rules-engine mapping round-trips: rule → builder → rule gives the rule back,
// exactly, for every condition of every version of every definition in definitions/ (read from
// the directory, so a new version is covered when it lands), and for any condition of the grammar
// (fast-check). A rule the adviser builds or edits is typed from its field: a second property.
import fc from 'fast-check';
import type { RuleGroupType } from 'react-querybuilder';
import { describe, expect, it } from 'vitest';
import {
  OPERATOR_NAMES,
  type Condition,
  type FactCondition,
  type Operator,
  type Primitive,
} from '@reclaim/engine';
import { questionConditionFields, ruleFields, type Draft } from './model';
import { fromQuery, fromQueryLoose, toQuery, type FactField } from './conditions';

// every version file of every service: a version added later is in the pass without a change here
const VERSIONS = import.meta.glob<Draft>('../../../../../../definitions/assessments/*/v*.json', {
  eager: true,
  import: 'default',
});

function definitionFiles(): { name: string; json: Draft }[] {
  return Object.entries(VERSIONS)
    .map(([path, json]) => ({ name: path.split('/assessments/')[1] ?? path, json }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const isCondition = (v: unknown): v is Condition =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  ['fact', 'all', 'any', 'not'].some((k) => Object.prototype.hasOwnProperty.call(v, k));

/** Every condition of a definition: rule `conditions` (always a group) and the other conditions. */
function conditionsOf(node: unknown, path = ''): { path: string; condition: Condition; rule: boolean }[] {
  const out: { path: string; condition: Condition; rule: boolean }[] = [];
  if (Array.isArray(node)) node.forEach((n, i) => out.push(...conditionsOf(n, `${path}/${i}`)));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['conditions', 'condition', 'when', 'requiredWhen', 'cond'].includes(key) && isCondition(value)) {
        out.push({ path: `${path}/${key}`, condition: value, rule: key === 'conditions' });
        continue;
      }
      out.push(...conditionsOf(value, `${path}/${key}`));
    }
  }
  return out;
}

/** The fields the studio offers for a definition (questions and every fact an approach rule may read). */
function studioFields(draft: Draft): FactField[] {
  return [
    ...questionConditionFields(draft, draft.questionnaire.questions.length),
    ...ruleFields(draft, 'approach'),
  ];
}

function roundTrip(condition: Condition, rule: boolean, fields: FactField[]): Condition | undefined {
  const query = toQuery(condition);
  return rule ? fromQuery(query, fields) : fromQueryLoose(query, fields);
}

describe('every condition of every definition version round-trips through the builder', () => {
  const files = definitionFiles();

  it('finds the definitions and their conditions', () => {
    expect(files.length).toBeGreaterThanOrEqual(19);
    expect(files.map((f) => f.name)).toContain('sdlt_refund/v2.json');
    expect(conditionsOf(files.find((f) => f.name === 'sdlt_refund/v2.json')!.json).length).toBeGreaterThan(
      50,
    );
  });

  it.each(files.map((f) => [f.name, f.json] as const))('%s', (_name, json) => {
    const all = conditionsOf(json);
    const fields = studioFields(json);
    for (const { path, condition, rule } of all) {
      // with the studio's fields, and with none (a fact the builder does not know)
      expect({ path, back: roundTrip(condition, rule, fields) }).toStrictEqual({ path, back: condition });
      expect({ path, back: roundTrip(condition, rule, []) }).toStrictEqual({ path, back: condition });
    }
  });
});

// ---------------------------------------------------------------------------
// Any condition of the grammar
// ---------------------------------------------------------------------------
const OPERATORS = OPERATOR_NAMES as readonly Operator[];
const LIST_OPERATORS: readonly Operator[] = ['in', 'notIn', 'containsAny'];
const factName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,11}$/);
const number = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const primitive: fc.Arbitrary<Primitive> = fc.oneof(fc.string(), number, fc.boolean(), fc.constant(null));

const anyFactCondition: fc.Arbitrary<FactCondition> = fc.record(
  {
    fact: factName,
    operator: fc.constantFrom(...OPERATORS),
    value: fc.oneof(
      primitive,
      fc.array(primitive, { maxLength: 4 }),
      fc.record({ fact: factName }, { noNullPrototype: true }),
    ),
    path: fc.constantFrom('$.a', '$.b[0]'),
  },
  { requiredKeys: ['fact', 'operator', 'value'], noNullPrototype: true },
);

function grammar(fact: fc.Arbitrary<FactCondition>) {
  return fc.letrec<{ condition: Condition; group: Condition }>((tie) => ({
    condition: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fact, tie('group')),
    group: fc.oneof(
      fc.record({ all: fc.array(tie('condition'), { maxLength: 4 }) }, { noNullPrototype: true }),
      fc.record({ any: fc.array(tie('condition'), { maxLength: 4 }) }, { noNullPrototype: true }),
      fc.record({ not: tie('condition') }, { noNullPrototype: true }),
    ),
  }));
}

describe('any condition of the grammar round-trips (property)', () => {
  const { condition, group } = grammar(anyFactCondition);

  it('a rule’s conditions (a group) come back exactly', () => {
    fc.assert(
      fc.property(group, (c) => {
        expect(fromQuery(toQuery(c), [])).toStrictEqual(c);
      }),
      { numRuns: 500 },
    );
  });

  it('a question’s condition (any condition) comes back exactly', () => {
    fc.assert(
      fc.property(condition, (c) => {
        expect(fromQueryLoose(toQuery(c), [])).toStrictEqual(c);
      }),
      { numRuns: 500 },
    );
  });
});

// A rule the adviser builds or edits keeps nothing of a condition: its value is typed by its field.
type Kind = 'number' | 'text' | 'options';
const KINDS: Record<string, Kind> = {
  amount: 'number',
  price: 'number',
  name: 'text',
  code: 'text',
  type: 'options',
  yes: 'options',
};
const FIELDS: FactField[] = [
  { name: 'amount', label: 'Amount', kind: 'number' },
  { name: 'price', label: 'Price', kind: 'number' },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'code', label: 'Code', kind: 'text' },
  {
    name: 'type',
    label: 'Type',
    options: ['Residential', 'Mixed-Use', '12'].map((v) => ({ value: v, label: v })),
  },
  { name: 'yes', label: 'Yes or no', options: [true, false].map((v) => ({ value: v, label: String(v) })) },
];

function valueFor(fact: string): fc.Arbitrary<Primitive> {
  const kind = KINDS[fact]!;
  if (kind === 'number') return number;
  if (kind === 'text') return fc.string().filter((s) => !s.includes(',') && s.trim() === s && s !== '');
  return fc.constantFrom(...FIELDS.find((f) => f.name === fact)!.options!.map((o) => o.value));
}

const typedFactCondition: fc.Arbitrary<FactCondition> = fc
  .tuple(fc.constantFrom(...Object.keys(KINDS)), fc.constantFrom(...OPERATORS))
  .chain(([fact, operator]): fc.Arbitrary<FactCondition> => {
    if (operator === 'isAnswered') return fc.boolean().map((value) => ({ fact, operator, value }));
    if (LIST_OPERATORS.includes(operator))
      return fc.array(valueFor(fact), { maxLength: 4 }).map((value) => ({ fact, operator, value }));
    return fc.oneof(
      valueFor(fact).map((value) => ({ fact, operator, value })),
      fc.constantFrom(...Object.keys(KINDS)).map((other) => ({ fact, operator, value: { fact: other } })),
    );
  });

/** The query as the builder holds a rule the adviser made: nothing kept of any definition condition. */
function asBuilt(query: RuleGroupType): RuleGroupType {
  return {
    ...query,
    rules: query.rules.map((r) => {
      if (typeof r === 'string') return r;
      if ('rules' in r) return asBuilt(r);
      const {
        kept: _kept,
        valueType: _valueType,
        ...built
      } = r as typeof r & { kept?: unknown; valueType?: unknown };
      return built;
    }),
  };
}

describe('a condition the adviser builds is typed from its fields (property)', () => {
  const { group } = grammar(typedFactCondition);
  it('numbers, option values (booleans too), texts, lists and fact references come back typed', () => {
    fc.assert(
      fc.property(group, (c) => {
        expect(fromQuery(asBuilt(toQuery(c)), FIELDS)).toStrictEqual(c);
      }),
      { numRuns: 500 },
    );
  });
});
