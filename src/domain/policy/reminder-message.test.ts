import { describe, expect, it } from 'vitest';
import { dueReminders } from './reminders';
import {
  reminderNotification,
  reminderPhrase,
  reminderUrl,
  type ReminderSubject,
} from './reminder-message';
import { normaliseThresholds, reminderSettingsFrom } from './reminder-settings';

const TODAY = '2025-06-01';
const star: ReminderSubject = { insurerName: 'Star Health', typeName: 'Health' };

function notificationFor(due: string, subject = star) {
  const [reminder] = dueReminders([{ id: 'p1', nextRenewalDate: due }], TODAY);
  if (!reminder) throw new Error('not due');
  return reminderNotification(reminder, subject);
}

describe('reminder notification text', () => {
  it('names the type and insurer and says when the policy renews', () => {
    expect(notificationFor('2025-06-08')).toEqual({
      title: 'Health — Star Health renews in 7 days',
      body: expect.stringContaining('mark it renewed'),
      tag: 'p1:2025-06-08:7',
      url: '/policy-tracker?highlight=p1',
    });
    expect(notificationFor('2025-07-01').title).toBe('Health — Star Health renews in 30 days');
  });

  it('says tomorrow, due today and lapsed with the number of days', () => {
    expect(notificationFor('2025-06-02').title).toBe('Health — Star Health renews tomorrow');
    expect(notificationFor(TODAY).title).toBe('Health — Star Health is due today');
    expect(notificationFor('2025-05-31').title).toBe('Health — Star Health lapsed 1 day ago');
    const lapsed = notificationFor('2025-05-20');
    expect(lapsed.title).toBe('Health — Star Health lapsed 12 days ago');
    expect(lapsed.tag).toBe('p1:2025-05-20:lapsed');
    expect(lapsed.body).toContain('restore cover');
  });

  it('uses the insurer alone when the type is unknown', () => {
    expect(notificationFor('2025-06-08', { insurerName: 'Acko', typeName: null }).title).toBe(
      'Acko renews in 7 days',
    );
    expect(notificationFor('2025-06-08', { insurerName: 'Acko', typeName: '  ' }).title).toBe(
      'Acko renews in 7 days',
    );
  });

  it('phrases any day count and encodes the policy id in the URL', () => {
    expect(reminderPhrase({ daysLeft: 3 })).toBe('renews in 3 days');
    expect(reminderUrl('a b&c')).toBe('/policy-tracker?highlight=a%20b%26c');
  });
});

describe('reminder settings', () => {
  it('keeps whole days 0-365, unique, largest first', () => {
    expect(normaliseThresholds([7, 30, 7, 0, 1])).toEqual([30, 7, 1, 0]);
    expect(normaliseThresholds([3, -1, 400, 2.5, '7', null])).toEqual([3]);
  });

  it('falls back to the defaults when nothing usable is stored', () => {
    expect(normaliseThresholds([])).toEqual([30, 7, 1, 0]);
    expect(normaliseThresholds('7')).toEqual([30, 7, 1, 0]);
    expect(reminderSettingsFrom(undefined)).toEqual({ thresholds: [30, 7, 1, 0] });
    expect(reminderSettingsFrom({ thresholds: [14] })).toEqual({ thresholds: [14] });
  });
});
