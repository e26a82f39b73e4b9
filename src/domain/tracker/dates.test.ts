import { describe, expect, it } from 'vitest';
import { formatPolicyDate, formatPolicyMonth, parseUserDate } from './dates';

describe('formatPolicyDate', () => {
  it('shows day, short month and year', () => {
    expect(formatPolicyDate('2027-03-15')).toBe('15 Mar 2027');
    expect(formatPolicyDate('2026-09-05')).toBe('05 Sep 2026');
  });
});

describe('formatPolicyMonth', () => {
  it('shows the short month and the year', () => {
    expect(formatPolicyMonth('2027-03')).toBe('Mar 2027');
    expect(formatPolicyMonth('2026-12')).toBe('Dec 2026');
  });
});

describe('parseUserDate', () => {
  it.each([
    ['15 Mar 2027', '2027-03-15'],
    ['5 Sep 2026', '2026-09-05'],
    ['15 March 2027', '2027-03-15'],
    ['15/03/2027', '2027-03-15'],
    ['5/3/2027', '2027-03-05'],
    ['15-03-2027', '2027-03-15'],
    ['2027-03-15', '2027-03-15'],
    ['  29 Feb 2024 ', '2024-02-29'],
  ])('%s → %s', (text, iso) => {
    expect(parseUserDate(text)).toBe(iso);
  });

  it.each(['', 'tomorrow', '31/02/2027', '29 Feb 2025', '03/15/2027'])('refuses %s', (text) => {
    expect(parseUserDate(text)).toBeNull();
  });
});
