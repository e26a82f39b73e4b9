import type { TrackerDb } from '@/db/tracker-db';
import {
  REMINDER_SETTINGS_META_KEY,
  reminderSettingsFrom,
} from '@/domain/policy/reminder-settings';
import type { CalendarPolicy } from '@/domain/calendar/ics';
import { downloadFile } from '@/lib/download';
import type { PolicyView } from '@/sync';

export function calendarPolicy(policy: PolicyView): CalendarPolicy {
  return {
    id: policy.id,
    insurerName: policy.insurer_name,
    policyNumber: policy.policy_number,
    typeName: policy.type?.name ?? null,
    startDate: policy.start_date,
    nextRenewalDate: policy.next_renewal_date,
    renewalFrequency: policy.renewal_frequency,
    premiumAmount: policy.premium_amount ?? null,
  };
}

/**
 * Saves the policy's renewal as an .ics file, with alerts on the user's reminder days. Made on
 * the device from its own store, so it works offline; the calendar code loads only when asked.
 */
export async function downloadPolicyCalendar(db: TrackerDb, policy: PolicyView): Promise<void> {
  const [{ renewalCalendar, calendarFileName }, settings] = await Promise.all([
    import('@/domain/calendar/ics'),
    db.meta.get(REMINDER_SETTINGS_META_KEY),
  ]);
  const text = renewalCalendar([calendarPolicy(policy)], {
    name: `${policy.insurer_name} renewal`,
    appOrigin: window.location.origin,
    reminderDays: reminderSettingsFrom(settings?.value).thresholds,
    stamp: new Date(),
  });
  downloadFile(
    text,
    calendarFileName({ insurerName: policy.insurer_name, policyNumber: policy.policy_number }),
    'text/calendar;charset=utf-8',
  );
}
