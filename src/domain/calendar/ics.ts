// Renewal calendars (RFC 5545): the .ics a policy downloads and the private feed the server and
// the hosted Edge Function answer. This module imports nothing but ical-generator and the
// dependency-free reminder-message.ts and renewal.ts, with explicit `.ts` paths, so Deno runs
// the same file (supabase/functions/calendar-feed).
import ical, { ICalAlarmRelatesTo, ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { reminderUrl } from '../policy/reminder-message.ts';
import { renewalDay, type RenewalFrequency } from '../policy/renewal.ts';

export type CalendarFrequency = RenewalFrequency;

/** What a calendar entry needs of a policy; both the app's store and the database give this. */
export interface CalendarPolicy {
  id: string;
  insurerName: string;
  policyNumber: string;
  /** null when the type is unknown or was deleted. */
  typeName: string | null;
  /** `YYYY-MM-DD`; with the next renewal, it says which day of the month renewals keep to. */
  startDate: string;
  /** `YYYY-MM-DD`. */
  nextRenewalDate: string;
  renewalFrequency: CalendarFrequency;
  premiumAmount: number | null;
}

export interface CalendarOptions {
  /** The calendar's name as a calendar app lists it. */
  name: string;
  /** Where the app is served, for the link back to the policy (e.g. https://bimaguide.in). */
  appOrigin: string;
  /** Days before the renewal to alert on, from the user's reminder settings. */
  reminderDays: readonly number[];
  /** DTSTAMP; a fixed value keeps tests and repeated feed answers stable. */
  stamp: Date;
}

/** Hour of the day (local to the calendar app) at which an alert fires. */
const ALERT_HOUR = 9;
const HOUR = 3600;
const DAY = 24 * HOUR;

const rules: Record<CalendarFrequency, { freq: 'MONTHLY' | 'YEARLY'; interval: number }> = {
  monthly: { freq: 'MONTHLY', interval: 1 },
  '6-monthly': { freq: 'MONTHLY', interval: 6 },
  yearly: { freq: 'YEARLY', interval: 1 },
  '3-yearly': { freq: 'YEARLY', interval: 3 },
};

function dateParts(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`Not a calendar date: ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * The RRULE of a renewal that repeats from `date` every period on the renewal `day` of the
 * month (renewalDay; by default the date's own), landing where the app's Mark Renewed does:
 * that day, or the month's last where the month is shorter (31 Jan, 28 Feb, 31 Mar). A plain
 * rule skips months that lack the day (RFC 5545 drops 31 Feb), so: the 31st, and 29 Feb,
 * become the month's last day (BYMONTHDAY=-1, which every calendar app reads); the 29th and
 * 30th of a monthly or 6-monthly renewal become the last of the days 28…day (BYSETPOS, where
 * February falls short). `date` itself is always one of the rule's days (DTSTART must be).
 */
export function renewalRrule(
  date: string,
  frequency: CalendarFrequency,
  day: number = dateParts(date).day,
): string {
  const { month } = dateParts(date);
  const { freq, interval } = rules[frequency];
  const parts = [`FREQ=${freq}`];
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (freq === 'YEARLY') {
    if (month === 2 && day >= 29) parts.push('BYMONTH=2', 'BYMONTHDAY=-1');
  } else if (day >= 31) {
    parts.push('BYMONTHDAY=-1');
  } else if (day > 28) {
    const days = Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',');
    parts.push(`BYMONTHDAY=${days}`, 'BYSETPOS=-1');
  }
  return parts.join(';');
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

function summary(policy: CalendarPolicy): string {
  const type = policy.typeName?.trim();
  return type ? `${policy.insurerName} ${type} renewal` : `${policy.insurerName} renewal`;
}

function description(policy: CalendarPolicy, link: string): string {
  const lines = [`Policy number: ${policy.policyNumber}`];
  if (policy.premiumAmount !== null && Number.isFinite(policy.premiumAmount)) {
    lines.push(`Premium: ${rupees.format(Math.round(policy.premiumAmount))}`);
  }
  lines.push(`Open in BimaGuide: ${link}`);
  return lines.join('\n');
}

function alertText(policy: CalendarPolicy, days: number): string {
  if (days === 0) return `${policy.insurerName} renews today`;
  return `${policy.insurerName} renews in ${days === 1 ? '1 day' : `${days} days`}`;
}

/** An RFC 5545 calendar with one repeating all-day event per policy and its alerts. */
export function renewalCalendar(
  policies: readonly CalendarPolicy[],
  options: CalendarOptions,
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'BimaGuide', product: 'Renewals', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  const days = [...new Set(options.reminderDays)]
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 365)
    .sort((a, b) => b - a);
  for (const policy of policies) {
    const { year, month, day } = dateParts(policy.nextRenewalDate);
    const link = `${options.appOrigin}${reminderUrl(policy.id)}`;
    const event = calendar.createEvent({
      id: `${policy.id}@bimaguide`,
      stamp: options.stamp,
      start: new Date(Date.UTC(year, month - 1, day)),
      allDay: true,
      summary: summary(policy),
      description: description(policy, link),
      url: link,
      repeating: renewalRrule(
        policy.nextRenewalDate,
        policy.renewalFrequency,
        renewalDay({
          start_date: policy.startDate,
          next_renewal_date: policy.nextRenewalDate,
          renewal_frequency: policy.renewalFrequency,
        }),
      ),
    });
    for (const before of days) {
      // Seconds before the day's start; negative means that many after it, so every alert
      // comes at ALERT_HOUR on its day rather than at midnight.
      event
        .createAlarm({
          type: ICalAlarmType.display,
          trigger: before * DAY - ALERT_HOUR * HOUR,
          description: alertText(policy, before),
        })
        // Set apart: the constructor ignores `relatesTo`, and without it ical-generator ties a
        // negative trigger to the end, the next midnight of an all-day event.
        .relatesTo(ICalAlarmRelatesTo.start);
    }
  }
  return calendar.toString();
}

/** A file name a phone shows sensibly: letters, digits and dashes only. */
export function calendarFileName(policy: Pick<CalendarPolicy, 'insurerName' | 'policyNumber'>) {
  const slug = `${policy.insurerName}-${policy.policyNumber}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'policy'}-renewal.ics`;
}
