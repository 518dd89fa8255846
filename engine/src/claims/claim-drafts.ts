// Claim drafts (issue 30): a definition's claim templates turned into a draft per route, from the
// result's facts and what the client, staff and documents have supplied. Pure data in, data out:
// the API stores the inputs, the web shows the output. No service is named here.
import { evaluateCondition } from '../rules/conditions/evaluate-condition';
import { fillTemplate } from '../rules/stages/fill-template';
import { getPath } from '../rules/stages/result-fields';
import { formatValue } from '../rules/format';
import type { ClaimClientField, ClaimItem, ClaimItemSource, ClaimRoute, ClaimTemplates } from '../types';

/** Every field a client can supply on a draft, in the order a form shows them. */
export const CLAIM_CLIENT_FIELDS: readonly ClaimClientField[] = [
  'utrn',
  'purchasers',
  'propertyAddress',
  'titleNumber',
  'bankAccountName',
  'bankSortCode',
  'bankAccountNumber',
  'appealedBefore',
  'taxReference',
];

export const CLAIM_ITEM_SOURCES: readonly ClaimItemSource[] = [
  'fact',
  'answer',
  'client',
  'staff',
  'declaration',
  'document',
  'limit',
];

/** The routes whose `when` holds over the result's facts, in the template's order. */
export function claimRoutesFor(
  templates: ClaimTemplates | undefined,
  facts: Readonly<Record<string, unknown>>,
): ClaimRoute[] {
  return (templates?.routes ?? []).filter((route) =>
    evaluateCondition(route.when, facts as Record<string, unknown>),
  );
}

export interface ClaimDraftInput {
  route: ClaimRoute;
  facts: Readonly<Record<string, unknown>>;
  answers: Readonly<Record<string, unknown>>;
  client: Readonly<Partial<Record<string, string>>>;
  /** Staff's text of each editable section (absent: the template's text). */
  staff: Readonly<Record<string, string>>;
  /** Requirement ids of the documents received. */
  documents: readonly string[];
  declaration: { name: string; date: string } | null;
  claim: { reference: string; date: string };
}

export interface ClaimDraftItem {
  id: string;
  label: string;
  kind: 'hard' | 'warn';
  source: ClaimItemSource;
  ref: string | null;
  status: 'present' | 'missing';
  /** The value as shown (empty when missing). */
  value: string;
  /** Plain English when missing (null when present). */
  missing: string | null;
  basis: string | null;
}

export interface ClaimDraftSection {
  id: string;
  heading: string;
  /** The section filled with its merge fields. */
  text: string;
  editable: boolean;
  /** The editable section's unfilled text (staff's, or the template's). */
  source: string;
}

export interface ClaimDraftContent {
  routeId: string;
  title: string;
  legalBasis: string;
  limit: {
    date: string | null;
    rule: string;
    inTime: boolean;
    parameter: { set: string; key: string } | null;
  };
  items: ClaimDraftItem[];
  sections: ClaimDraftSection[];
  /** Every hard item present. */
  complete: boolean;
  /** Every hard item but the declaration present: the client may sign. */
  readyToSign: boolean;
  missingHard: string[];
  warnGaps: string[];
}

/** A merge field the client has not supplied yet. */
export const NOT_SUPPLIED = '[to be supplied]';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function itemValue(item: ClaimItem, input: ClaimDraftInput, limitDate: string | null): unknown {
  const ref = item.ref ?? '';
  switch (item.source) {
    case 'fact':
      return getPath(input.facts, ref);
    case 'answer':
      return getPath(input.answers, ref);
    case 'client':
      return input.client[ref];
    case 'staff': {
      const text = input.staff[ref] ?? input.route.sections.find((s) => s.id === ref)?.text;
      return text;
    }
    case 'declaration':
      return input.declaration
        ? `${input.declaration.name}, ${formatValue(input.declaration.date, 'date')}`
        : undefined;
    case 'document':
      return input.documents.includes(ref) ? 'Received' : undefined;
    case 'limit':
      return limitDate !== null && limitDate >= input.claim.date ? limitDate : undefined;
  }
}

/** The merge fields of a draft's sections: facts by name, then `client.*`, `claim.*`, `route.*`, `declaration.*`. */
function mergeContext(input: ClaimDraftInput, limitDate: string | null): Record<string, unknown> {
  const context: Record<string, unknown> = { ...input.facts };
  for (const [key, value] of Object.entries(input.answers)) context[`answers.${key}`] = value;
  // what the client or the declaration has not given yet reads as such in the letter
  for (const field of CLAIM_CLIENT_FIELDS) {
    const value = input.client[field];
    context[`client.${field}`] = value !== undefined && value.trim() !== '' ? value : NOT_SUPPLIED;
  }
  context['claim.reference'] = input.claim.reference;
  context['claim.date'] = input.claim.date;
  context['route.title'] = input.route.title;
  context['route.legalBasis'] = input.route.legalBasis;
  context['route.limitDate'] = limitDate ?? undefined;
  context['route.limitRule'] = input.route.limit.rule;
  context['declaration.name'] = input.declaration?.name ?? NOT_SUPPLIED;
  context['declaration.date'] = input.declaration?.date ?? '';
  return context;
}

function repeatLines(
  rows: unknown,
  text: string,
  each: { rows: string; text: string } | undefined,
  indent: string,
): string[] {
  if (!Array.isArray(rows)) return [];
  const lines: string[] = [];
  for (const row of rows.slice(0, 500)) {
    if (row === null || typeof row !== 'object') continue;
    lines.push(indent + fillTemplate(text, row as Record<string, unknown>));
    if (each) lines.push(...repeatLines(getPath(row, each.rows), each.text, undefined, indent + '  '));
  }
  return lines;
}

/** One route's draft: sections filled, every item present or missing, complete or not. */
export function buildClaimDraft(input: ClaimDraftInput): ClaimDraftContent {
  const { route } = input;
  const rawLimit = getPath(input.facts, route.limit.fact);
  const limitDate = typeof rawLimit === 'string' && ISO_DATE.test(rawLimit) ? rawLimit : null;
  const items: ClaimDraftItem[] = route.items.map((item) => {
    const value = itemValue(item, input, limitDate);
    const present = isPresent(value);
    return {
      id: item.id,
      label: item.label,
      kind: item.kind,
      source: item.source,
      ref: item.ref ?? null,
      status: present ? 'present' : 'missing',
      value: present
        ? item.source === 'staff'
          ? 'Written'
          : formatValue(value, item.format ?? (item.source === 'limit' ? 'date' : undefined))
        : '',
      missing: present ? null : item.missing,
      basis: item.basis ?? null,
    };
  });
  const context = mergeContext(input, limitDate);
  const sections: ClaimDraftSection[] = route.sections.map((section) => {
    const source = (section.editable ? input.staff[section.id] : undefined) ?? section.text;
    const lines = source.trim() === '' ? [] : [fillTemplate(source, context)];
    if (section.repeat) {
      lines.push(
        ...repeatLines(
          getPath(input.facts, section.repeat.rows),
          section.repeat.text,
          section.repeat.each,
          '',
        ),
      );
    }
    return {
      id: section.id,
      heading: section.heading,
      text: lines.join('\n'),
      editable: section.editable === true,
      source,
    };
  });
  const hardMissing = items.filter((i) => i.kind === 'hard' && i.status === 'missing');
  return {
    routeId: route.id,
    title: route.title,
    legalBasis: route.legalBasis,
    limit: {
      date: limitDate,
      rule: route.limit.rule,
      inTime: limitDate !== null && limitDate >= input.claim.date,
      parameter: route.limit.parameter ?? null,
    },
    items,
    sections,
    complete: hardMissing.length === 0,
    readyToSign: hardMissing.every((i) => i.source === 'declaration'),
    missingHard: hardMissing.map((i) => i.missing ?? i.label),
    warnGaps: items
      .filter((i) => i.kind === 'warn' && i.status === 'missing')
      .map((i) => i.missing ?? i.label),
  };
}
