// What a results page says, worked out from the evaluation alone (no service is named here): one
// likelihood, one value (a single figure when exact, else one range; none when Unlikely), the
// complexity in words, the approach, the documents (none when Unlikely) and each result field in
// the card its definition places it in, formatted as it says; notices (a deadline that passed) first.
import {
  formatDate,
  formatMoney,
  formatNumber,
  type AssessmentEvaluation,
  type ResultColumn,
  type ResultFieldView,
  type ResultFormat,
  type ResultPlace,
} from '@reclaim/engine';
import { scoreBand } from '../lib/score-band';

export type CardPlace = Exclude<ResultPlace, 'hidden'>;

/** A formatted result field value. */
export type FieldContent =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraphs'; text: string }
  | { kind: 'score'; text: string; band: 'Low' | 'Medium' | 'High' }
  | { kind: 'table'; columns: { key: string; label: string }[]; rows: TableCellText[][] };

/** A table cell: its text, or one line per item of a nested list (a sale's matching, say). */
export type TableCellText = { text: string } | { lines: string[] };

export interface ShownField {
  name: string;
  label: string;
  format: ResultFormat;
  content: FieldContent;
}

export interface PresentedResults {
  likelihood: string;
  summary: string;
  reasons: string[];
  /** Null when Unlikely. */
  value: { label: string; text: string; exact: boolean; note?: string; confidence: string } | null;
  /**
   * Null when Unlikely: with no claim to make there is no work to weigh, and "Complexity: High"
   * beside "Not Recommended" contradicts it (issue 28). `flagsHeading` words a Low level's flags
   * as points weighed, not as reasons for the level.
   */
  complexity: { level: string; flags: string[]; flagsHeading?: string; fixedReason?: string } | null;
  approach: {
    approach: string;
    rationale: string;
    actionPlan: AssessmentEvaluation['recommendation']['actionPlan'];
    nextSteps: string[];
  };
  /** Null when Unlikely. */
  documents: { required: DocumentLine[]; optional: DocumentLine[] } | null;
  whatWouldChange?: string;
  /** The recommendation text, when no result field shows it already. */
  recommendationText?: string;
  fields: Record<CardPlace, ShownField[]>;
}

interface DocumentLine {
  id: string;
  name: string;
  description: string;
}

const VALUE_WORDS: Record<string, string> = {
  refund: 'Estimated refund',
  benefit: 'Estimated benefit',
  savings: 'Estimated savings',
  liability: 'Estimated tax',
};

/** Whole pounds for estimates, pence only where an exact figure has them. */
export function money(value: number): string {
  return formatMoney(Math.abs(value) >= 100 ? Math.round(value) : value);
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function plain(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? formatNumber(value) : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return null;
}

function cellPath(row: unknown, key: string): unknown {
  let current: unknown = row;
  for (const part of key.split('.')) {
    if (
      current === null ||
      typeof current !== 'object' ||
      !Object.prototype.hasOwnProperty.call(current, part)
    )
      return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** One cell's text in its column's format ('' when empty). */
function cellText(column: ResultColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.labels && (typeof value === 'string' || typeof value === 'number')) {
    const label = column.labels[String(value)];
    if (label !== undefined) return label;
  }
  const n = asNumber(value);
  switch (column.format) {
    case 'money':
      return n === null ? '' : formatMoney(n);
    case 'number':
      return n === null ? '' : formatNumber(n);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : '';
    case 'list':
      return Array.isArray(value) ? value.map(plain).filter(Boolean).join(', ') : (plain(value) ?? '');
    case 'text':
    case undefined:
      return plain(value) ?? '';
  }
}

/** A nested item as one line: "Bought the same day: quantity 10, cost £54". */
function itemLine(columns: readonly ResultColumn[], item: unknown): string {
  const [head, ...rest] = columns;
  if (!head) return '';
  const parts = rest
    .map((c) => {
      const text = cellText(c, cellPath(item, c.key));
      return text === '' ? '' : `${c.label.charAt(0).toLowerCase()}${c.label.slice(1)} ${text}`;
    })
    .filter(Boolean);
  const first = cellText(head, cellPath(item, head.key));
  return parts.length === 0 ? first : `${first}: ${parts.join(', ')}`;
}

function tableContent(columns: readonly ResultColumn[], value: unknown): FieldContent | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return {
    kind: 'table',
    columns: columns.map((c) => ({ key: c.key, label: c.label })),
    rows: value.map((row) =>
      columns.map((c): TableCellText => {
        const cell = cellPath(row, c.key);
        if (c.columns) {
          const items = Array.isArray(cell) ? cell : [];
          return { lines: items.map((item) => itemLine(c.columns ?? [], item)).filter(Boolean) };
        }
        return { text: cellText(c, cell) };
      }),
    ),
  };
}

/** The field's value in its format, or null when there is nothing to show. */
export function formatField(
  format: ResultFormat,
  value: unknown,
  columns: readonly ResultColumn[] = [],
): FieldContent | null {
  if (value === null || value === undefined) return null;
  switch (format) {
    case 'money': {
      const n = asNumber(value);
      return n === null ? null : { kind: 'text', text: formatMoney(n) };
    }
    case 'percent': {
      const n = asNumber(value);
      return n === null ? null : { kind: 'text', text: `${formatNumber(Math.round(n * 10) / 10)}%` };
    }
    case 'scoreOutOf10': {
      const n = asNumber(value);
      if (n === null) return null;
      return { kind: 'score', text: `${formatNumber(Math.round(n * 10) / 10)} / 10`, band: scoreBand(n) };
    }
    case 'list': {
      const items = (Array.isArray(value) ? value : [value])
        .map(plain)
        .filter((t): t is string => t !== null);
      return items.length === 0 ? null : { kind: 'list', items };
    }
    case 'paragraphs': {
      const text = plain(value);
      return text === null ? null : { kind: 'paragraphs', text };
    }
    case 'yesNo':
      return typeof value === 'boolean' ? { kind: 'text', text: value ? 'Yes' : 'No' } : null;
    case 'likelihood':
      return value === 'Likely' || value === 'Possible' || value === 'Unlikely'
        ? { kind: 'text', text: value }
        : null;
    case 'date':
      return typeof value === 'string' && value !== '' ? { kind: 'text', text: formatDate(value) } : null;
    case 'number': {
      const n = asNumber(value);
      return n === null ? null : { kind: 'text', text: formatNumber(Math.round(n * 100) / 100) };
    }
    case 'text': {
      const text = Array.isArray(value) ? value.map(plain).filter(Boolean).join(', ') : plain(value);
      return text ? { kind: 'text', text } : null;
    }
    case 'table':
      return tableContent(columns, value);
  }
}

/** Views for results stored before the engine gave them: every field as a details row. */
function fallbackViews(fields: Readonly<Record<string, unknown>>): ResultFieldView[] {
  return Object.keys(fields).map((name) => ({
    name,
    label: name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    format: 'text',
    place: 'details',
    derived: true,
  }));
}

export function presentResults(
  evaluation: AssessmentEvaluation,
  /** Result fields: the server's stored ones for a submitted assessment, else the evaluation's. */
  fieldValues: Readonly<Record<string, unknown>> = evaluation.resultFields,
): PresentedResults {
  const { eligibility, complexity, value, recommendation } = evaluation;
  const unlikely = eligibility.likelihood === 'Unlikely';
  const fields: Record<CardPlace, ShownField[]> = {
    notice: [],
    eligibility: [],
    value: [],
    complexity: [],
    approach: [],
    details: [],
  };
  const views = evaluation.resultFieldViews ?? fallbackViews(fieldValues);
  let textShown = false;
  for (const view of views) {
    if (view.place === 'hidden') continue;
    // an Unlikely result has no value: nothing is shown in the value card
    if (unlikely && view.place === 'value') continue;
    const content =
      formatField(view.format, fieldValues[view.name], view.columns) ??
      (view.emptyText !== undefined ? ({ kind: 'text', text: view.emptyText } as const) : null);
    if (!content) continue;
    if (content.kind === 'paragraphs' && content.text === recommendation.text) textShown = true;
    fields[view.place].push({ name: view.name, label: view.label, format: view.format, content });
  }
  const { low, median, high } = value.estimates;
  const exact = low === median && median === high;
  const docs = recommendation.documentRequirements.map(({ id, name, description, required }) => ({
    id,
    name,
    description,
    required,
  }));
  return {
    likelihood: eligibility.likelihood,
    summary: recommendation.summary,
    reasons: eligibility.reasons,
    value: unlikely
      ? null
      : {
          label: value.label ?? VALUE_WORDS[value.valueType] ?? 'Estimated value',
          text: exact ? money(median) : `${money(low)} to ${money(high)}`,
          exact,
          ...(value.note ? { note: value.note } : {}),
          confidence: value.confidenceLevel,
        },
    complexity: unlikely
      ? null
      : {
          level: complexity.complexityLevel,
          flags: complexity.flags.map((f) => f.description),
          ...(complexity.complexityLevel === 'Low' && complexity.flags.length > 0
            ? { flagsHeading: 'Weighed, but not enough to make the claim complex:' }
            : {}),
          ...(complexity.fixedReason ? { fixedReason: complexity.fixedReason } : {}),
        },
    approach: {
      approach: complexity.serviceApproach,
      rationale: complexity.approachRationale,
      actionPlan: recommendation.actionPlan,
      nextSteps: recommendation.nextSteps,
    },
    documents:
      unlikely || docs.length === 0
        ? null
        : { required: docs.filter((d) => d.required), optional: docs.filter((d) => !d.required) },
    ...(unlikely && recommendation.whatWouldChange
      ? { whatWouldChange: recommendation.whatWouldChange }
      : {}),
    ...(!textShown && recommendation.text ? { recommendationText: recommendation.text } : {}),
    fields,
  };
}
