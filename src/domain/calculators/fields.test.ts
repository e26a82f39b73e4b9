import { describe, expect, it } from 'vitest';
import { monthlyPaymentForTarget, parseNumberText } from './fields';

describe('parseNumberText', () => {
  it.each([
    ['15,00,000', 1_500_000],
    [' ₹ 2,500.50 ', 2500.5],
    ['', null],
    ['   ', null],
    ['abc', 'invalid'],
    ['1.2.3', 'invalid'],
    ['-', 'invalid'],
    ['-40', -40],
  ] as const)('%j → %j', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });

  it('passes finite numbers through and rejects NaN', () => {
    expect(parseNumberText(42)).toBe(42);
    expect(parseNumberText(Number.NaN)).toBe('invalid');
  });
});

describe('monthlyPaymentForTarget', () => {
  it('is 0 when there is nothing to fund', () => {
    expect(monthlyPaymentForTarget(0, 0.01, 12)).toBe(0);
  });

  it('is target / n at 0%', () => {
    // 1,20,000 / 12 = 10,000
    expect(monthlyPaymentForTarget(120_000, 0, 12)).toBe(10_000);
  });

  it('matches the future value of a month-end annuity', () => {
    // 1% a month for 12 months: (1.01^12 − 1) / 0.01 = 12.682503; 1,26,825.03 / 12.682503 = 10,000
    expect(monthlyPaymentForTarget(126_825.030132, 0.01, 12)).toBeCloseTo(10_000, 4);
  });
});
