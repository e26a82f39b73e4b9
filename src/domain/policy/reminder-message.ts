import type { DueReminder } from './reminders';

/** What a reminder is about, as every path (app, service worker, push job) can read it. */
export interface ReminderSubject {
  insurerName: string;
  /** null when the policy's type is unknown on this device or was removed. */
  typeName: string | null;
}

export interface ReminderNotification {
  title: string;
  body: string;
  /** The de-duplication key: a second notification with the same tag replaces, never adds. */
  tag: string;
  url: string;
}

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** 'renews in 7 days', 'renews tomorrow', 'is due today', 'lapsed 3 days ago'. */
export function reminderPhrase(reminder: Pick<DueReminder, 'daysLeft'>): string {
  const { daysLeft } = reminder;
  if (daysLeft < 0) return `lapsed ${days(-daysLeft)} ago`;
  if (daysLeft === 0) return 'is due today';
  if (daysLeft === 1) return 'renews tomorrow';
  return `renews in ${days(daysLeft)}`;
}

export function reminderSubjectLabel(subject: ReminderSubject): string {
  const type = subject.typeName?.trim();
  return type ? `${type} — ${subject.insurerName}` : subject.insurerName;
}

/** The dashboard with the policy's card highlighted; a notification click opens this. */
export function reminderUrl(policyId: string): string {
  return `/policy-tracker?highlight=${encodeURIComponent(policyId)}`;
}

/** One notification's content; the same text whether it came from the device or a push. */
export function reminderNotification(
  reminder: Pick<DueReminder, 'policyId' | 'daysLeft' | 'key'>,
  subject: ReminderSubject,
): ReminderNotification {
  const body =
    reminder.daysLeft < 0
      ? 'Renew it with your insurer to restore cover, then mark it renewed in BimaGuide.'
      : 'Open BimaGuide to see the policy and mark it renewed once paid.';
  return {
    title: `${reminderSubjectLabel(subject)} ${reminderPhrase(reminder)}`,
    body,
    tag: reminder.key,
    url: reminderUrl(reminder.policyId),
  };
}
