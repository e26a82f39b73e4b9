import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openTrackerDb } from '@/db/tracker-db';
import { readReminderSettings, toggleReminderDay } from './reminder-settings-store';

describe('toggleReminderDay', () => {
  it('applies taps that arrive before the screen re-renders, each against what is stored', async () => {
    const db = openTrackerDb(`toggle-${crypto.randomUUID()}`);
    expect((await readReminderSettings(db)).thresholds).toEqual([30, 7, 1, 0]);
    await Promise.all([
      toggleReminderDay(db, 30, false),
      toggleReminderDay(db, 1, false),
      toggleReminderDay(db, 60, true),
    ]);
    expect((await readReminderSettings(db)).thresholds).toEqual([60, 7, 0]);
  });

  it('never turns off the last day', async () => {
    const db = openTrackerDb(`toggle-${crypto.randomUUID()}`);
    for (const day of [30, 7, 1]) await toggleReminderDay(db, day, false);
    expect((await toggleReminderDay(db, 0, false)).thresholds).toEqual([0]);
    expect((await readReminderSettings(db)).thresholds).toEqual([0]);
  });
});
