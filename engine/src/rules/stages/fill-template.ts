// Fills `{{fact}}`, `{{fact|currency}}`, `{{fact|percent}}`, `{{fact|rate}}` and `{{fact|list}}`
// placeholders from facts. Formatting is done by hand so Node and browsers print the same text.
import { roundHalfAwayFromZero } from '../expressions/evaluate-expression';
import { scalarText } from '../operators';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** £12,346 (whole pounds; pence shown only when the amount is under £100 and not whole). */
export function formatCurrency(value: number): string {
  const abs = Math.abs(value);
  const text =
    abs < 100 && !Number.isInteger(roundHalfAwayFromZero(abs, 2))
      ? roundHalfAwayFromZero(abs, 2).toFixed(2)
      : groupThousands(String(roundHalfAwayFromZero(abs)));
  return `${value < 0 ? '-' : ''}£${text}`;
}

export function formatNumber(value: number): string {
  const rounded = roundHalfAwayFromZero(value, 2);
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  return `${rounded < 0 ? '-' : ''}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

function formatValue(value: unknown, format: string | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(scalarText).join(', ');
  if (typeof value !== 'number') return scalarText(value);
  if (format === 'currency') return formatCurrency(value);
  // percent: the number is already a percentage (25 → "25%"); rate: a fraction (0.25 → "25%")
  if (format === 'percent') return `${formatNumber(roundHalfAwayFromZero(value, 1))}%`;
  if (format === 'rate') return `${formatNumber(roundHalfAwayFromZero(value * 100, 1))}%`;
  return formatNumber(value);
}

export function fillTemplate(template: string, facts: Record<string, unknown>): string {
  return template.replace(
    /\{\{\s*([A-Za-z0-9_.$-]+)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g,
    (_m, name: string, format?: string) =>
      formatValue(Object.prototype.hasOwnProperty.call(facts, name) ? facts[name] : undefined, format),
  );
}
