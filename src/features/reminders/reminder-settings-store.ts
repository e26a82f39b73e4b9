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

/**
 * Turns one reminder day on or off against what is stored, in one transaction: quick taps can
 * outrun the screen's re-render, and a whole list taken from the screen would undo the tap
 * before. The last day cannot be turned off.
 */
export function toggleReminderDay(
  db: TrackerDb,
  day: number,
  on: boolean,
): Promise<ReminderSettings> {
  return db.transaction('rw', db.meta, async () => {
    const current = await readReminderSettings(db);
    const next = on ? [...current.thresholds, day] : current.thresholds.filter((d) => d !== day);
    return next.length === 0 ? current : writeReminderSettings(db, next);
  });
}
