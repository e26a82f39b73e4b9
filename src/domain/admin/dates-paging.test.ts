import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatLastSignIn,
  formatLocalDate,
  formatLocalDateTime,
} from './dates';
import { pageCount, pageOffset } from './paging';
import { isNoRows, isUniqueViolation } from './db-error';

const ist = { timeZone: 'Asia/Kolkata' };

describe('admin dates', () => {
  it('shows a timestamp as the local date', () => {
    // 20:00 UTC is already the next day in India.
    expect(formatLocalDate('2025-10-23T20:00:00+00:00', ist)).toBe('24 Oct 2025');
  });

  it('shows a timestamp as local date and time, the date written as every other admin date', () => {
    expect(formatLocalDateTime('2025-10-23T04:30:00+00:00', ist)).toBe('23 Oct 2025, 10:00 am');
  });

  it('writes every kind of admin date the same way, as the tracker does ("Sep", never "Sept")', () => {
    const utc = { timeZone: 'UTC' };
    expect(formatLocalDate('2025-09-30T18:00:00Z', utc)).toBe('30 Sep 2025');
    expect(formatCalendarDate('2025-09-30')).toBe('30 Sep 2025');
    expect(formatLocalDateTime('2025-09-30T18:05:00Z', utc)).toBe('30 Sep 2025, 06:05 pm');
  });

  it("says 'Never' for an account that never signed in", () => {
    expect(formatLastSignIn(null, ist)).toBe('Never');
    expect(formatLastSignIn('2025-10-23T04:30:00+00:00', ist)).toMatch(/10:00/);
  });

  it('keeps a calendar date on its day', () => {
    expect(formatCalendarDate('2026-04-01')).toBe('01 Apr 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('renders nothing for an unparseable timestamp', () => {
    expect(formatLocalDate('nope', ist)).toBe('');
  });
});

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('turns a 1-based page into an offset', () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageOffset(0, 25)).toBe(0);
  });
});

describe('db errors', () => {
  it('recognises duplicate keys and missing rows', () => {
    expect(isUniqueViolation({ code: '23505', message: 'duplicate key' })).toBe(true);
    expect(isUniqueViolation({ code: '42501' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isNoRows({ code: 'PGRST116' })).toBe(true);
  });
});
