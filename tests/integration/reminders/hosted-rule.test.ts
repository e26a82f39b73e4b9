// The hosted function carries its own dayjs-free copy of the reminder rule. This keeps the copy
// and src/domain giving the same answers (the notification text is shared, not copied).
import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate } from '../../../src/domain/policy/dates';
import { dueReminders } from '../../../src/domain/policy/reminders';
import { normaliseThresholds } from '../../../src/domain/policy/reminder-settings';
import * as hosted from '../../../supabase/functions/renewal-reminders/rule';

describe('hosted reminder rule', () => {
  it('matches src/domain for every day around each threshold, leap years included', () => {
    for (const today of ['2025-06-01', '2024-02-28', '2025-12-31', '2028-02-29']) {
      const policies = Array.from({ length: 80 }, (_, i) => ({
        id: `p${i}`,
        nextRenewalDate: addDays(today, i - 40),
      }));
      for (const thresholds of [[30, 7, 1, 0], [3], [60, 14, 0]]) {
        expect(hosted.dueReminders(policies, today, thresholds)).toEqual(
          dueReminders(policies, today, thresholds),
        );
      }
      expect(hosted.addDays(today, 400)).toBe(addDays(today, 400));
    }
  });

  it('cleans stored thresholds the same way', () => {
    for (const value of [[7, 30, 7], [], null, [3, -1, 2.5, 400], 'x']) {
      expect(hosted.normaliseThresholds(value)).toEqual(normaliseThresholds(value));
    }
  });

  it('accepts the same days as real dates', () => {
    const days = ['2025-06-01', '2024-02-29', '2025-02-29', '2025-02-30', '2025-13-01'];
    days.push('2025-00-10', '2025-06-31', '2025-12-31', '1999-01-01', '2025-6-1', '');
    days.push('2025-06-01T00:00', '2025/06/01', 'x', '20250601', ' 2025-06-01');
    for (const day of days) expect(hosted.isIsoDate(day), day).toBe(isIsoDate(day));
  });
});
