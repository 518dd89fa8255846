// Working days for SLA targets: Monday to Friday in UTC. Bank holidays are not counted out
// (docs/decisions-pending/workbench.md).

const DAY = 86_400_000;

function isWeekend(date: Date): boolean {
  const d = date.getUTCDay();
  return d === 0 || d === 6;
}

/** `from` moved `days` working days later (or earlier, when negative), keeping the time of day. */
export function addWorkingDays(from: Date, days: number): Date {
  const step = days < 0 ? -1 : 1;
  let left = Math.abs(days);
  let t = from.getTime();
  while (left > 0) {
    t += step * DAY;
    if (!isWeekend(new Date(t))) left -= 1;
  }
  return new Date(t);
}

/** The UTC calendar date of `date`, YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole days from `today` (YYYY-MM-DD) to `deadline` (YYYY-MM-DD): negative once passed. */
export function daysBetween(today: string, deadline: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY));
}
