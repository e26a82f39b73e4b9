import type { TrackerDb } from '@/db/tracker-db';
import {
  REMINDER_SETTINGS_META_KEY,
  normaliseThresholds,
  reminderSettingsFrom,
  type ReminderSettings,
} from '@/domain/policy/reminder-settings';

/**
 * The user's reminder days, kept in their own tracker database's meta table: per user, on
 * the device, and readable by the service worker's periodic sync without the network.
 */
export async function readReminderSettings(db: TrackerDb): Promise<ReminderSettings> {
  const row = await db.meta.get(REMINDER_SETTINGS_META_KEY);
  return reminderSettingsFrom(row?.value);
}

export async function writeReminderSettings(
  db: TrackerDb,
  thresholds: readonly number[],
): Promise<ReminderSettings> {
  const settings: ReminderSettings = { thresholds: normaliseThresholds(thresholds) };
  await db.meta.put({ key: REMINDER_SETTINGS_META_KEY, value: settings });
  return settings;
}
