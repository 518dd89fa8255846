// The engine's formatting helpers, in one module every stage imports (nothing here imports a
// stage): rounding, the text of a scalar, and how a figure, date or list is written in a text.
// Formatting is done by hand so Node and browsers print the same text.

/** Rounds half away from zero to `decimals` places (2.5 → 3, −2.5 → −3, 1.005 → 1.01). */
export function roundHalfAwayFromZero(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) return 0;
  const factor = 10 ** decimals;
  const raw = Math.abs(x) * factor;
  if (Number.isInteger(raw)) return x < 0 ? -raw / factor : raw / factor;
  // toPrecision(15) removes binary noise such as 1.005 × 100 = 100.49999999999999. It moves raw by
  // less than raw × 1e-14, so it can only change the rounding of a raw that close to a half: any
  // other is rounded as it is, without the string (calculations round on every evaluation).
  const half = Math.abs(raw - Math.floor(raw) - 0.5);
  const rounded = (half > raw * 1e-14 ? Math.round(raw) : Math.round(Number(raw.toPrecision(15)))) / factor;
  return x < 0 ? -rounded : rounded;
}

/** Text of a scalar for keys and messages (objects as JSON). */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === null || value === undefined) return String(value);
  return JSON.stringify(value) ?? '';
}

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

/** A fact as a template shows it with `format` (currency, money, percent, rate, date; lists joined). */
export function formatValue(value: unknown, format: string | undefined): string {
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
