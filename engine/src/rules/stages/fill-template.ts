// Fills `{{fact}}`, `{{fact|currency}}` (estimate, whole pounds), `{{fact|money}}` (exact, pence where
// they exist), `{{fact|percent}}`, `{{fact|rate}}`, `{{fact|date}}` and `{{fact|list}}` placeholders. Formatting is done by hand so Node and browsers print the same text.
import { roundHalfAwayFromZero } from '../expressions/evaluate-expression';
import { scalarText } from '../operators';
import { evaluateCondition } from '../conditions/evaluate-condition';
import type { Calculation, Trace } from '../../types';
import { ownValue } from '../own-value';

const ALL_DIGITS = /^\d+$/;

function groupThousands(digits: string): string {
  // the usual case, plain digits, without the look-ahead expression (it runs for every figure shown)
  if (ALL_DIGITS.test(digits)) {
    const head = digits.length % 3 || 3;
    let text = digits.slice(0, head);
    for (let i = head; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
    return text;
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** £12,346 (whole pounds; pence shown only when the amount is under £100 and not whole): estimates. */
export function formatCurrency(value: number): string {
  const abs = Math.abs(value);
  const text =
    abs < 100 && !Number.isInteger(roundHalfAwayFromZero(abs, 2))
      ? roundHalfAwayFromZero(abs, 2).toFixed(2)
      : groupThousands(String(roundHalfAwayFromZero(abs)));
  return `${value < 0 ? '-' : ''}£${text}`;
}

/** £12,345, or £4,387.50 when the amount has pence (to the penny): exact figures such as tax paid or due. */
export function formatMoney(value: number): string {
  const pence = roundHalfAwayFromZero(Math.abs(value), 2);
  const whole = Math.trunc(pence);
  const fraction = Math.round((pence - whole) * 100);
  const text = `${groupThousands(String(whole))}${fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`}`;
  return `${value < 0 && pence > 0 ? '-' : ''}£${text}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 2023-05-10 → "10 May 2023" (GOV.UK style); anything that is not an ISO date is returned as it is. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return value;
  return `${Number(m[3])} ${month} ${m[1]}`;
}

export function formatNumber(value: number): string {
  const rounded = roundHalfAwayFromZero(value, 2);
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

function formatValue(value: unknown, format: string | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(scalarText).join(', ');
  if (format === 'date' && typeof value === 'string') return formatDate(value);
  if (typeof value !== 'number') return scalarText(value);
  if (format === 'currency') return formatCurrency(value);
  if (format === 'money') return formatMoney(value);
  // percent: the number is already a percentage (25 → "25%"); rate: a fraction (0.25 → "25%")
  if (format === 'percent') return `${formatNumber(roundHalfAwayFromZero(value, 1))}%`;
  if (format === 'rate') return `${formatNumber(roundHalfAwayFromZero(value * 100, 1))}%`;
  return formatNumber(value);
}

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
