// The reminder rule and key for the hosted job: a dayjs-free copy of src/domain/policy
// (reminders.ts, reminder-settings.ts), whose date maths lean on dayjs, which the function
// does not bundle. tests/integration/reminders/hosted-rule.test.ts checks that both give the
// same answers; change them together. The notification's text is not copied: index.ts imports
// src/domain/policy/reminder-message.ts itself, so every path words a reminder alike.

export type ReminderThreshold = number | 'lapsed';

export interface DueReminder {
  policyId: string;
  dueDate: string;
  threshold: ReminderThreshold;
  daysLeft: number;
  key: string;
}

export const DEFAULT_REMINDER_THRESHOLDS = [30, 7, 1, 0];

function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000;
}

export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/** Today's calendar date in a time zone, e.g. Asia/Kolkata. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function reminderKey(policyId: string, dueDate: string, threshold: ReminderThreshold) {
  return `${policyId}:${dueDate}:${threshold}`;
}

export function currentThreshold(daysLeft: number, thresholds: readonly number[]) {
  if (daysLeft < 0) return 'lapsed' as const;
  const crossed = thresholds.filter((t) => daysLeft <= t);
  return crossed.length === 0 ? null : Math.min(...crossed);
}

export function dueReminders(
  policies: readonly { id: string; nextRenewalDate: string }[],
  today: string,
  thresholds: readonly number[] = DEFAULT_REMINDER_THRESHOLDS,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const p of policies) {
    const daysLeft = daysBetween(today, p.nextRenewalDate);
    const threshold = currentThreshold(daysLeft, thresholds);
    if (threshold === null) continue;
    due.push({
      policyId: p.id,
      dueDate: p.nextRenewalDate,
      threshold,
      daysLeft,
      key: reminderKey(p.id, p.nextRenewalDate, threshold),
    });
  }
  return due.sort((a, b) => a.daysLeft - b.daysLeft || a.policyId.localeCompare(b.policyId));
}

export function normaliseThresholds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [];
  const days = list.filter(
    (d): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 365,
  );
  const unique = [...new Set(days)].sort((a, b) => b - a);
  return unique.length > 0 ? unique : [...DEFAULT_REMINDER_THRESHOLDS];
}
