// Guest progress in localStorage (eligibility spec section 3 "Guest progress"): three keys
// (answers, service, step) plus the current assessment record.
import type { LocalAssessmentRecord } from '../types';

export const GUEST_KEYS = {
  answers: 'reclaim.assessment.answers',
  service: 'reclaim.assessment.service',
  step: 'reclaim.assessment.step',
  current: 'reclaim.assessment.current',
} as const;

/** Where a guest sent to /login to submit returns to (session only). */
export const RETURN_TO_KEY = 'reclaim.assessment.returnTo';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export interface GuestProgress {
  service: string;
  answers: Record<string, unknown>;
  step: number;
  record: LocalAssessmentRecord | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function readGuestProgress(): GuestProgress | null {
  const service = storage()?.getItem(GUEST_KEYS.service);
  if (!service) return null;
  const answers = readJson(GUEST_KEYS.answers);
  const step = Number(storage()?.getItem(GUEST_KEYS.step) ?? '0');
  const current = readJson(GUEST_KEYS.current);
  const record =
    isRecord(current) && typeof current.id === 'string' && current.service_type === service
      ? (current as unknown as LocalAssessmentRecord)
      : null;
  return {
    service,
    answers: isRecord(answers) ? answers : {},
    step: Number.isFinite(step) && step >= 0 ? step : 0,
    record,
  };
}

export function writeGuestProgress(record: LocalAssessmentRecord): void {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(GUEST_KEYS.answers, JSON.stringify(record.answers));
    s.setItem(GUEST_KEYS.service, record.service_type);
    s.setItem(GUEST_KEYS.step, String(record.current_step));
    s.setItem(GUEST_KEYS.current, JSON.stringify(record));
  } catch {
    // Storage full or blocked: progress stays in memory for this visit.
  }
}

export function clearGuestProgress(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(GUEST_KEYS)) s.removeItem(key);
}

export function hasGuestProgress(): boolean {
  return storage()?.getItem(GUEST_KEYS.service) != null;
}

export function setReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // not essential
  }
}

/** Set when a guest presses Submit: once signed in, the saved progress is submitted (session only). */
export const SUBMIT_PENDING_KEY = 'reclaim.assessment.submitPending';

export function markSubmitPending(): void {
  try {
    window.sessionStorage.setItem(SUBMIT_PENDING_KEY, '1');
  } catch {
    // not essential: the client presses Submit again
  }
}

/** True once per Submit press: the flag is removed as it is read. */
export function takeSubmitPending(): boolean {
  try {
    const value = window.sessionStorage.getItem(SUBMIT_PENDING_KEY);
    window.sessionStorage.removeItem(SUBMIT_PENDING_KEY);
    return value === '1';
  } catch {
    return false;
  }
}

export function takeReturnTo(): string | null {
  try {
    const value = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return value && value.startsWith('/assessment/') ? value : null;
  } catch {
    return null;
  }
}
