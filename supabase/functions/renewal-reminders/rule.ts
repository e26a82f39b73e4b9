// The reminder rule, text and key for the hosted job. A copy of src/domain/policy
// (reminders.ts, reminder-message.ts, reminder-settings.ts) without dayjs, because a deployed
// function bundles only its own folder. tests/integration/reminders/hosted-rule.test.ts
// checks that both give the same answers; change them together.

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

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

export function reminderNotification(
  reminder: Pick<DueReminder, 'policyId' | 'daysLeft' | 'key'>,
  subject: { insurerName: string; typeName: string | null },
) {
  const { daysLeft } = reminder;
  const phrase =
    daysLeft < 0
      ? `lapsed ${days(-daysLeft)} ago`
      : daysLeft === 0
        ? 'is due today'
        : daysLeft === 1
          ? 'renews tomorrow'
          : `renews in ${days(daysLeft)}`;
  const type = subject.typeName?.trim();
  const label = type ? `${type} — ${subject.insurerName}` : subject.insurerName;
  return {
    title: `${label} ${phrase}`,
    body:
      daysLeft < 0
        ? 'Renew it with your insurer to restore cover, then mark it renewed in BimaGuide.'
        : 'Open BimaGuide to see the policy and mark it renewed once paid.',
    tag: reminder.key,
    url: `/policy-tracker?highlight=${encodeURIComponent(reminder.policyId)}`,
  };
}
