import type { ClaimStatus, ValueRange } from '../features/portal/types';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return gbp.format(value);
}

const gbpPence = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** An amount actually paid (repayment, fee): pence shown unless it is whole pounds. */
export function formatPaidMoney(value: number): string {
  return Number.isInteger(value) ? gbp.format(value) : gbpPence.format(value);
}

export function formatRange(range: ValueRange | null | undefined): string {
  if (!range) return 'Not estimated';
  // A figure worked out exactly from the client's own numbers is one number, not a range of it.
  if (range.low === range.high) return gbp.format(range.low);
  return `${gbp.format(range.low)} – ${gbp.format(range.high)}`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar day (2026-12-12, no time of day: a due date or deadline) in words, "12 December
 * 2026" — the same day wherever the browser is (read in UTC, so no time zone moves it).
 */
export function formatDay(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

const STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  documents_requested: 'Documents requested',
  ready_to_file: 'Ready to file',
  filed: 'Filed with HMRC',
  accepted: 'Accepted',
  paid: 'Paid',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? humanise(status);
}

export function humanise(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A service's name comes from the API (the services catalogue); the code is only a fallback.
export function serviceName(code: string, fallback?: string): string {
  return fallback || humanise(code);
}

/** Whether a claim in this status still asks the client for documents: not once it is paid or closed. */
export function asksForDocuments(status: ClaimStatus): boolean {
  return status !== 'paid' && status !== 'rejected' && status !== 'withdrawn';
}
