import { DEFAULT_REMINDER_THRESHOLDS } from './reminders.ts';

/** The days-before choices the 'Remind me' panel offers; lapsed reminders always apply. */
export const REMINDER_THRESHOLD_CHOICES = [60, 30, 14, 7, 3, 1, 0] as const;

/** Where the tracker's local meta table keeps the user's choice (read by the service worker). */
export const REMINDER_SETTINGS_META_KEY = 'reminder_settings';

export interface ReminderSettings {
  thresholds: number[];
}

/**
 * A clean threshold list from anything stored (a row, a meta value, an old app version):
 * whole days 0–365, unique, largest first. Nothing usable means the defaults, so a damaged
 * setting never silences every reminder.
 */
export function normaliseThresholds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [];
  const days = list.filter(
    (d): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 365,
  );
  const unique = [...new Set(days)].sort((a, b) => b - a);
  return unique.length > 0 ? unique : [...DEFAULT_REMINDER_THRESHOLDS];
}

export function reminderSettingsFrom(value: unknown): ReminderSettings {
  const thresholds =
    typeof value === 'object' && value !== null && 'thresholds' in value
      ? value.thresholds
      : undefined;
  return { thresholds: normaliseThresholds(thresholds) };
}
