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
  renewalDay,
  type RenewalFrequency,
} from './index';
import { addDays } from './dates';

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

  it('counts backwards, across years and centuries, as adding the days does', () => {
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(daysBetween('1999-12-31', '2000-01-01')).toBe(1);
    expect(daysBetween('0050-01-01', '0051-01-01')).toBe(365);
    for (const from of ['2023-01-31', '2024-02-29', '2100-02-28']) {
      for (const days of [-800, -31, -1, 0, 1, 29, 365, 366, 1200]) {
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }
    }
  });
});

/** Mark Renewed `times` times from a policy started on `start` and due on `next`. */
function renewed(start: string, next: string, frequency: RenewalFrequency, times: number) {
  const dates: string[] = [];
  let date = next;
  for (let i = 0; i < times; i += 1) {
    date = nextRenewalAfter({
      start_date: start,
      next_renewal_date: date,
      renewal_frequency: frequency,
    });
    dates.push(date);
  }
  return dates;
}

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
    expect(
      nextRenewalAfter({ start_date: from, next_renewal_date: from, renewal_frequency: frequency }),
    ).toBe(expected);
  });

  // Again and again: a month end cut short comes back where the month allows it, never
  // sliding to the 28th for good (the calendar file repeats on these dates, ics.test.ts).
  it.each([
    [
      'monthly',
      '2026-01-31',
      ['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30'],
    ],
    ['monthly', '2026-01-30', ['2026-02-28', '2026-03-30', '2026-04-30', '2026-05-30']],
    ['monthly', '2026-01-29', ['2026-02-28', '2026-03-29', '2026-04-29']],
    ['monthly', '2027-12-29', ['2028-01-29', '2028-02-29', '2028-03-29']],
    ['6-monthly', '2026-08-31', ['2027-02-28', '2027-08-31', '2028-02-29', '2028-08-31']],
    ['6-monthly', '2026-08-30', ['2027-02-28', '2027-08-30', '2028-02-29', '2028-08-30']],
    ['yearly', '2024-02-29', ['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']],
    ['yearly', '2026-01-31', ['2027-01-31', '2028-01-31']],
    ['3-yearly', '2024-02-29', ['2027-02-28', '2030-02-28', '2033-02-28', '2036-02-29']],
    ['3-yearly', '2026-08-31', ['2029-08-31', '2032-08-31']],
  ] as const)('renewed %s from %s again and again', (frequency, start, dates) => {
    expect(renewed(start, start, frequency, dates.length)).toEqual(dates);
  });

  it('keeps the start date’s day only for a renewal on it, in step by whole periods', () => {
    // Due on the start's day, cut short by February: the 31st comes back.
    expect(renewed('2025-01-31', '2026-02-28', 'monthly', 2)).toEqual(['2026-03-31', '2026-04-30']);
    // A renewal date typed on another day keeps its own day, until a short month cuts it:
    // 28 Feb alone cannot say it was the 30th (see renewalDay).
    expect(renewed('2025-01-15', '2026-03-20', 'monthly', 2)).toEqual(['2026-04-20', '2026-05-20']);
    expect(renewed('2025-01-15', '2026-01-30', 'monthly', 2)).toEqual(['2026-02-28', '2026-03-28']);
    // Not in step with the start (a yearly policy due in another month): its own day.
    expect(renewed('2024-03-31', '2026-02-28', 'yearly', 2)).toEqual(['2027-02-28', '2028-02-28']);
  });
});

describe('renewalAfterPeriods', () => {
  it.each([
    ['2026-01-31', 'monthly', 0, '2026-01-31'],
    ['2026-01-31', 'monthly', 1, '2026-02-28'],
    ['2026-01-31', 'monthly', 2, '2026-03-31'],
    ['2026-08-31', '6-monthly', 2, '2027-08-31'],
    ['2028-02-29', 'yearly', 4, '2032-02-29'],
    ['2026-05-20', '3-yearly', 2, '2032-05-20'],
    ['2026-12-31', 'monthly', 14, '2028-02-29'],
  ] as const)('%s %s, %d periods on, is %s', (next, frequency, periods, expected) => {
    const schedule = { start_date: next, next_renewal_date: next, renewal_frequency: frequency };
    expect(renewalAfterPeriods(schedule, periods)).toBe(expected);
  });

  it('counts on from a date a short month cut, on the renewal day', () => {
    const schedule = {
      start_date: '2026-01-31',
      next_renewal_date: '2026-02-28',
      renewal_frequency: 'monthly',
    } as const;
    expect(renewalDay(schedule)).toBe(31);
    expect([1, 2, 12].map((n) => renewalAfterPeriods(schedule, n))).toEqual([
      '2026-03-31',
      '2026-04-30',
      '2027-02-28',
    ]);
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
