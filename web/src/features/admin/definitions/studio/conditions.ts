// Two-way mapping between json-rules-engine conditions (the definition's grammar) and
// react-querybuilder's query objects, plus the plain-English sentence an adviser reads. Pure: no
// React, no engine import (types only), so it is unit-tested on its own.
import type { RuleGroupType, RuleType } from 'react-querybuilder';
import type { Condition, FactCondition, Operator, Primitive } from '@reclaim/engine';

/** A fact a condition may read, in the adviser's words. */
export interface FactField {
  name: string;
  label: string;
  /** Answer options (Yes/No radios carry booleans): a select of these values. */
  options?: { value: string | number | boolean; label: string }[];
  kind?: 'number' | 'date' | 'text';
}

/** Query operators: the engine's names, except isAnswered split in two (unary in the builder). */
export const OPERATORS: { name: string; label: string; arity?: 'unary' }[] = [
  { name: 'equal', label: 'is' },
  { name: 'notEqual', label: 'is not' },
  { name: 'lessThan', label: 'is less than' },
  { name: 'lessThanInclusive', label: 'is at most' },
  { name: 'greaterThan', label: 'is more than' },
  { name: 'greaterThanInclusive', label: 'is at least' },
  { name: 'in', label: 'is one of' },
  { name: 'notIn', label: 'is not one of' },
  { name: 'contains', label: 'includes' },
  { name: 'doesNotContain', label: 'does not include' },
  { name: 'containsAny', label: 'includes any of' },
  { name: 'dateOnOrAfter', label: 'is on or after' },
  { name: 'dateBefore', label: 'is before' },
  { name: 'isAnswered', label: 'is answered', arity: 'unary' },
  { name: 'isNotAnswered', label: 'is not answered', arity: 'unary' },
];

const LIST_OPERATORS = new Set(['in', 'notIn', 'containsAny']);

function isFact(c: Condition): c is FactCondition {
  return typeof (c as FactCondition).fact === 'string';
}

const text = (v: Primitive): string => (v === null ? '' : String(v));

/**
 * What a rule of the builder keeps of the condition it was made from: the operator and value the
 * builder shows, and the condition's own operator and value. While the adviser leaves the
 * condition as it was shown, it maps back to exactly what it was (a number in a list, a string
 * that looks like a number, null); once edited, the builder's value is typed from the field.
 */
interface Kept {
  shown: { operator: string; value: unknown; valueSource: string | undefined };
  operator: Operator;
  value: FactCondition['value'];
}

/** A builder rule: react-querybuilder's, with what the mapping keeps beside it. */
type MappedRule = RuleType & { valueType?: string; factPath?: string; kept?: Kept };

/** A builder group: `keepGroup` when a lone fact in it was a group of one in the definition. */
type MappedGroup = RuleGroupType & { keepGroup?: true };

function sameShown(rule: RuleType, shown: Kept['shown']): boolean {
  return (
    rule.operator === shown.operator &&
    rule.valueSource === shown.valueSource &&
    JSON.stringify(rule.value) === JSON.stringify(shown.value)
  );
}

function ruleOf(c: FactCondition): RuleType {
  const rule: MappedRule = { field: c.fact, operator: c.operator, value: '' };
  if (c.operator === 'isAnswered') {
    rule.operator = c.value === false ? 'isNotAnswered' : 'isAnswered';
    rule.value = '';
  } else if (c.value !== null && typeof c.value === 'object' && !Array.isArray(c.value)) {
    rule.valueSource = 'field';
    rule.value = c.value.fact;
  } else if (Array.isArray(c.value)) {
    rule.value = c.value.map(text);
  } else {
    rule.value = text(c.value);
    // The type it had, for facts the builder knows nothing of.
    if (typeof c.value !== 'string') rule.valueType = c.value === null ? 'null' : typeof c.value;
  }
  if (c.path !== undefined) rule.factPath = c.path;
  rule.kept = {
    shown: { operator: rule.operator, value: rule.value, valueSource: rule.valueSource },
    operator: c.operator,
    value: c.value,
  };
  return rule;
}

/**
 * A definition condition (or none) as a query group: all → and, any → or, not → negated group
 * (a negated fact, or a negated all/any of other than one item, is one group; any other negation
 * is a negated group holding the condition, so a double negation stays one). A group that the
 * loose mapping of question conditions would read as no condition or as a bare fact is marked
 * `keepGroup`, so it comes back as the group it was.
 */
export function toQuery(condition: Condition | undefined): RuleGroupType {
  const query: MappedGroup = queryOf(condition);
  if (condition && !isFact(condition)) {
    const only = query.rules.length === 1 ? query.rules[0] : undefined;
    const bareFact =
      query.combinator === 'and' && !query.not && typeof only === 'object' && !('rules' in only);
    if (query.rules.length === 0 || bareFact) query.keepGroup = true;
  }
  return query;
}

function queryOf(condition: Condition | undefined): RuleGroupType {
  if (!condition) return { combinator: 'and', rules: [] };
  if ('all' in condition) return { combinator: 'and', rules: condition.all.map(toItem) };
  if ('any' in condition) return { combinator: 'or', rules: condition.any.map(toItem) };
  if ('not' in condition) {
    const inner = condition.not;
    if (isFact(inner)) return { combinator: 'and', not: true, rules: [ruleOf(inner)] };
    if ('all' in inner && inner.all.length !== 1)
      return { combinator: 'and', not: true, rules: inner.all.map(toItem) };
    if ('any' in inner) return { combinator: 'or', not: true, rules: inner.any.map(toItem) };
    return { combinator: 'and', not: true, rules: [queryOf(inner)] };
  }
  return { combinator: 'and', rules: [ruleOf(condition)] };
}

function toItem(condition: Condition): RuleType | RuleGroupType {
  return isFact(condition) ? ruleOf(condition) : queryOf(condition);
}

/** A builder value back in the type the fact holds (option values keep their type; numbers). */
function typed(value: unknown, field: FactField | undefined, valueType?: unknown): Primitive {
  const s =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  const option = field?.options?.find((o) => String(o.value) === s);
  if (option) return option.value;
  if (valueType === 'boolean' && (s === 'true' || s === 'false')) return s === 'true';
  if (valueType === 'number' && s.trim() !== '' && Number.isFinite(Number(s))) return Number(s);
  if (valueType === 'null' && s === '') return null;
  if (field?.kind === 'number' && s.trim() !== '' && Number.isFinite(Number(s))) return Number(s);
  if (field?.options?.some((o) => typeof o.value === 'boolean') && (s === 'true' || s === 'false'))
    return s === 'true';
  return s;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

function factOf(rule: MappedRule, fields: FactField[]): FactCondition {
  const field = fields.find((f) => f.name === rule.field);
  const base = { fact: rule.field } as FactCondition;
  const kept = rule.kept;
  if (kept && sameShown(rule, kept.shown)) {
    // as it was shown: exactly the definition's operator and value
    base.operator = kept.operator;
    base.value = kept.value;
  } else if (rule.operator === 'isAnswered' || rule.operator === 'isNotAnswered') {
    base.operator = 'isAnswered';
    base.value = rule.operator === 'isAnswered';
  } else {
    base.operator = rule.operator as Operator;
    if (rule.valueSource === 'field') base.value = { fact: String(rule.value) };
    else if (LIST_OPERATORS.has(rule.operator)) base.value = listOf(rule.value).map((v) => typed(v, field));
    else base.value = typed(rule.value, field, rule.valueType);
  }
  if (typeof rule.factPath === 'string') base.path = rule.factPath;
  return base;
}

type GroupCondition = { all: Condition[] } | { any: Condition[] } | { not: Condition };

/** A query group as a definition condition (always a group: all / any, negated by not). */
export function fromQuery(query: RuleGroupType, fields: FactField[]): GroupCondition {
  const items: Condition[] = query.rules
    .filter((r): r is RuleType | RuleGroupType => typeof r !== 'string')
    .map((r) => ('rules' in r ? fromQuery(r, fields) : factOf(r, fields)));
  const group: GroupCondition = query.combinator === 'or' ? { any: items } : { all: items };
  if (!query.not) return group;
  // one item under an and-not is what is negated (a fact, or a group: see toQuery)
  return { not: items.length === 1 && query.combinator !== 'or' ? items[0]! : group };
}

/**
 * For question conditions: an empty query is no condition; a lone fact stays a bare fact (unless
 * the definition had it as a group of one, which stays as it was).
 */
export function fromQueryLoose(query: RuleGroupType, fields: FactField[]): Condition | undefined {
  const keepGroup = (query as MappedGroup).keepGroup === true;
  if (query.rules.length === 0 && !keepGroup) return undefined;
  const group = fromQuery(query, fields);
  if (!keepGroup && 'all' in group && group.all.length === 1 && isFact(group.all[0]!)) return group.all[0];
  return group;
}

// ---------------------------------------------------------------------------
// Plain English
// ---------------------------------------------------------------------------
const OPERATOR_WORDS: Record<string, string> = Object.fromEntries(OPERATORS.map((o) => [o.name, o.label]));

function valueWords(
  value: FactCondition['value'],
  field: FactField | undefined,
  fields: FactField[],
): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const other = fields.find((f) => f.name === value.fact);
    return other ? `“${other.label}”` : value.fact;
  }
  if (Array.isArray(value)) {
    const words = value.map((v) => valueWords(v, field, fields));
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '—');
  }
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === '') return '(nothing)';
  return String(value);
}

/** "“What type of property did you buy?” is Residential and …" for a condition (or "Always"). */
export function conditionSentence(condition: Condition | undefined, fields: FactField[]): string {
  if (!condition) return 'Always';
  const sentence = (c: Condition, nested: boolean): string => {
    if (isFact(c)) {
      const field = fields.find((f) => f.name === c.fact);
      const subject = field ? `“${field.label}”` : c.fact;
      if (c.operator === 'isAnswered')
        return `${subject} ${c.value === false ? 'is not answered' : 'is answered'}`;
      return `${subject} ${OPERATOR_WORDS[c.operator] ?? c.operator} ${valueWords(c.value, field, fields)}`;
    }
    if ('not' in c) return `not (${sentence(c.not, false)})`;
    const list = 'all' in c ? c.all : c.any;
    if (list.length === 0) return 'always';
    const parts = list.map((p) => sentence(p, true));
    const joined = parts.join('all' in c ? ' and ' : ' or ');
    return nested && parts.length > 1 ? `(${joined})` : joined;
  };
  const words = sentence(condition, false);
  return words === 'always' ? 'Always' : words.charAt(0).toUpperCase() + words.slice(1);
}
