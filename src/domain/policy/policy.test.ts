import { describe, expect, it } from 'vitest';
import {
  currentThreshold,
  daysBetween,
  dueReminders,
  isIsoDate,
  localToday,
  nextRenewalAfter,
  policyStatus,
  renewalAfterPeriods,
} from './index';

describe('policyStatus', () => {
  const today = '2026-03-10';
  it.each([
    ['2026-03-09', 'lapsed', 'Lapsed', 'Lapsed 1 day ago'],
    ['2026-02-08', 'lapsed', 'Lapsed', 'Lapsed 30 days ago'],
    ['2026-03-10', 'due-soon', 'Due Today', 'Due today'],
    ['2026-03-11', 'due-soon', 'Due Soon', '1 day left'],
    ['2026-04-09', 'due-soon', 'Due Soon', '30 days left'],
    ['2026-04-10', 'active', 'Active', '31 days left'],
    ['2027-03-10', 'active', 'Active', '365 days left'],
  ])('renewal on %s is %s (%s, "%s")', (date, status, badge, text) => {
    const info = policyStatus(date, today);
    expect(info.status).toBe(status);
    expect(info.badge).toBe(badge);
    expect(info.text).toBe(text);
  });

  it('counts calendar days across a daylight-saving change and a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});

describe('nextRenewalAfter', () => {
  it.each([
    ['2026-01-15', 'monthly', '2026-02-15'],
    ['2026-01-31', 'monthly', '2026-02-28'],
    ['2024-01-31', 'monthly', '2024-02-29'],
    ['2026-08-31', '6-monthly', '2027-02-28'],
    ['2024-02-29', 'yearly', '2025-02-28'],
    ['2026-12-31', 'yearly', '2027-12-31'],
    ['2024-02-29', '3-yearly', '2027-02-28'],
    ['2026-05-20', '3-yearly', '2029-05-20'],
  ] as const)('%s renewed %s becomes %s', (from, frequency, expected) => {
    expect(nextRenewalAfter(from, frequency)).toBe(expected);
  });
});

describe('renewalAfterPeriods', () => {
  it.each([
    ['2026-01-31', 'monthly', 0, '2026-01-31'],
    ['2026-01-31', 'monthly', 1, '2026-02-28'],
    // Counted from the anchor, not from 28 Feb: back to the month's end.
    ['2026-01-31', 'monthly', 2, '2026-03-31'],
    ['2026-08-31', '6-monthly', 2, '2027-08-31'],
    ['2028-02-29', 'yearly', 4, '2032-02-29'],
    ['2026-05-20', '3-yearly', 2, '2032-05-20'],
  ] as const)('%s %s, %d periods on, is %s', (anchor, frequency, periods, expected) => {
    expect(renewalAfterPeriods(anchor, frequency, periods)).toBe(expected);
  });
});

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('25-01-01')).toBe(false);
  });

  it('takes today from the device clock, not UTC', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('reminders', () => {
  it('picks the most recently crossed threshold', () => {
    expect(currentThreshold(45)).toBeNull();
    expect(currentThreshold(31)).toBeNull();
    expect(currentThreshold(30)).toBe(30);
    expect(currentThreshold(8)).toBe(30);
    expect(currentThreshold(7)).toBe(7);
    expect(currentThreshold(2)).toBe(7);
    expect(currentThreshold(1)).toBe(1);
    expect(currentThreshold(0)).toBe(0);
    expect(currentThreshold(-1)).toBe('lapsed');
  });

  it('lists due policies soonest first with one key per policy, date and threshold', () => {
    const due = dueReminders(
      [
        { id: 'far', nextRenewalDate: '2026-06-01' },
        { id: 'week', nextRenewalDate: '2026-03-15' },
        { id: 'today', nextRenewalDate: '2026-03-10' },
        { id: 'gone', nextRenewalDate: '2026-03-01' },
      ],
      '2026-03-10',
    );
    expect(due.map((d) => d.policyId)).toEqual(['gone', 'today', 'week']);
    expect(due.map((d) => d.key)).toEqual([
      'gone:2026-03-01:lapsed',
      'today:2026-03-10:0',
      'week:2026-03-15:7',
    ]);
  });

  it('a renewed policy gets fresh keys because its due date changed', () => {
    const before = dueReminders([{ id: 'p', nextRenewalDate: '2026-03-12' }], '2026-03-10');
    const after = dueReminders([{ id: 'p', nextRenewalDate: '2026-04-05' }], '2026-03-10');
    expect(before[0]?.key).not.toBe(after[0]?.key);
  });
});
