// Fills `{{fact}}`, `{{fact|currency}}` (estimate, whole pounds), `{{fact|money}}` (exact, pence where
// they exist), `{{fact|percent}}`, `{{fact|rate}}`, `{{fact|date}}` and `{{fact|list}}` placeholders. Formatting is done by hand so Node and browsers print the same text.
import { formatValue } from '../format';
import { evaluateCondition } from '../conditions/evaluate-condition';
import type { Calculation, Trace } from '../../types';
import { ownValue } from '../own-value';

export { formatCurrency, formatDate, formatMoney, formatNumber } from '../format';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.$-]+)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g;

/** A template cut once into text and placeholders: [text, name, format, text, name, format, …, text]. */
type CompiledTemplate = readonly (string | undefined)[];

// templates are the definitions' own strings, cut once each (the cache starts again if drafts
// being edited ever make it large)
const compiled = new Map<string, CompiledTemplate>();
const COMPILED_MAX = 20_000;

function compile(template: string): CompiledTemplate {
  const parts: (string | undefined)[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    parts.push(template.slice(last, m.index), m[1], m[2]);
    last = m.index + m[0].length;
  }
  parts.push(template.slice(last));
  return parts;
}

export function fillTemplate(template: string, facts: Record<string, unknown>): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = compile(template);
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(template, parts);
  }
  if (parts.length === 1) return template;
  let text = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i] ?? '';
    const value = ownValue(facts, name);
    text += formatValue(value, parts[i + 1]) + (parts[i + 2] ?? '');
  }
  return text;
}

/**
 * A calculation's trace entry: id, description, value, unit (if any), stage, and the client's
 * sentence `text` only when its `when` holds (the value is traced anyway).
 */
export function calculationTrace(
  calc: Calculation,
  value: number,
  facts: Record<string, unknown>,
  stage: 'facts' | 'value',
): Trace['calculations'][number] {
  const { id, description, unit } = calc;
  const text =
    calc.when === undefined || evaluateCondition(calc.when, facts)
      ? fillTemplate(description, facts)
      : undefined;
  // one literal per shape, keys in the trace's order
  if (unit) {
    return text === undefined
      ? { id, description, value, unit, stage }
      : { id, description, value, unit, text, stage };
  }
  return text === undefined ? { id, description, value, stage } : { id, description, value, text, stage };
}
