import { daysBetween, type IsoDate } from './dates.ts';

export const DEFAULT_REMINDER_THRESHOLDS = [30, 7, 1, 0] as const;

export type ReminderThreshold = number | 'lapsed';

export interface ReminderCandidate {
  id: string;
  nextRenewalDate: IsoDate;
}

export interface DueReminder {
  policyId: string;
  dueDate: IsoDate;
  threshold: ReminderThreshold;
  daysLeft: number;
  /** One key per policy, due date and threshold: every reminder path de-duplicates on it. */
  key: string;
}

export function reminderKey(policyId: string, dueDate: IsoDate, threshold: ReminderThreshold) {
  return `${policyId}:${dueDate}:${threshold}`;
}

/**
 * The threshold a policy has most recently crossed, or null when it is further away than the
 * largest threshold. A policy 5 days out has crossed 30 and 7, so its current reminder is 7;
 * the 30-day one is superseded rather than shown late.
 */
export function currentThreshold(
  daysLeft: number,
  thresholds: readonly number[] = DEFAULT_REMINDER_THRESHOLDS,
): ReminderThreshold | null {
  if (daysLeft < 0) return 'lapsed';
  const crossed = thresholds.filter((t) => daysLeft <= t);
  if (crossed.length === 0) return null;
  return Math.min(...crossed);
}

export function dueReminders(
  policies: readonly ReminderCandidate[],
  today: IsoDate,
  thresholds: readonly number[] = DEFAULT_REMINDER_THRESHOLDS,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const policy of policies) {
    const daysLeft = daysBetween(today, policy.nextRenewalDate);
    const threshold = currentThreshold(daysLeft, thresholds);
    if (threshold === null) continue;
    due.push({
      policyId: policy.id,
      dueDate: policy.nextRenewalDate,
      threshold,
      daysLeft,
      key: reminderKey(policy.id, policy.nextRenewalDate, threshold),
    });
  }
  return due.sort((a, b) => a.daysLeft - b.daysLeft || a.policyId.localeCompare(b.policyId));
}
