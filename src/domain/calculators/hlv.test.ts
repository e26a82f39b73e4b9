import { describeFormSchema } from '../../../tests/helpers/form-schema-cases';
import { describe, expect, it } from 'vitest';
import { calculateHlv, hlvInputSchema } from './hlv';
import { fieldMessages } from './fields';

const base = { existingCover: 0, liabilities: 0 };

describe('calculateHlv', () => {
  it('multiplies income by the working years left', () => {
    // 60 − 30 = 30 years; 9,00,000 × 30 = 2,70,00,000
    expect(
      calculateHlv({ ...base, currentAge: 30, retirementAge: 60, annualIncome: 900_000 }),
    ).toEqual({ kind: 'hlv', yearsRemaining: 30, recommendedCover: 27_000_000 });
  });

  it('adds liabilities and subtracts existing cover', () => {
    // 60 − 35 = 25 years; 12,00,000 × 25 = 3,00,00,000; + 25,00,000 − 50,00,000 = 2,75,00,000
    const result = calculateHlv({
      currentAge: 35,
      retirementAge: 60,
      annualIncome: 1_200_000,
      existingCover: 5_000_000,
      liabilities: 2_500_000,
    });
    expect(result?.recommendedCover).toBe(27_500_000);
  });

  it('never recommends less than zero', () => {
    // 60 − 55 = 5 years; 5,00,000 × 5 = 25,00,000; − 1,00,00,000 cover = −75,00,000 → 0
    const result = calculateHlv({
      currentAge: 55,
      retirementAge: 60,
      annualIncome: 500_000,
      existingCover: 10_000_000,
      liabilities: 0,
    });
    expect(result).toEqual({ kind: 'hlv', yearsRemaining: 5, recommendedCover: 0 });
  });

  it('counts a single remaining year', () => {
    // 65 − 64 = 1 year; 7,50,000 × 1 + 1,00,000 liabilities = 8,50,000
    const result = calculateHlv({
      currentAge: 64,
      retirementAge: 65,
      annualIncome: 750_000,
      existingCover: 0,
      liabilities: 100_000,
    });
    expect(result?.recommendedCover).toBe(850_000);
  });

  it.each([
    ['no working years left', 60, 60, 900_000],
    ['already past retirement age', 61, 60, 900_000],
    ['no income', 30, 60, 0],
  ])('gives no result when there are %s', (_why, currentAge, retirementAge, annualIncome) => {
    expect(calculateHlv({ ...base, currentAge, retirementAge, annualIncome })).toBeNull();
  });
});

const valid = {
  currentAge: '30',
  retirementAge: '60',
  annualIncome: '9,00,000',
  existingCover: '',
  liabilities: '',
};

describeFormSchema('hlvInputSchema', hlvInputSchema, {
  valid,
  parses: {
    title: 'reads Indian-grouped text and treats blank optional amounts as 0',
    to: {
      currentAge: 30,
      retirementAge: 60,
      annualIncome: 900_000,
      existingCover: 0,
      liabilities: 0,
    },
  },
  rejects: [
    ['currentAge', '-5', fieldMessages.negative],
    ['currentAge', '121', fieldMessages.ageTooHigh],
    ['currentAge', '30.5', fieldMessages.wholeYears],
    ['currentAge', '', 'Enter your current age'],
    ['retirementAge', 'sixty', fieldMessages.notNumber],
    ['annualIncome', '12abc', fieldMessages.notNumber],
    ['annualIncome', '-1,00,000', fieldMessages.negative],
    ['annualIncome', '', 'Enter your annual net income'],
    ['existingCover', '1e5', fieldMessages.notNumber],
    ['liabilities', '9999999999999', fieldMessages.amountTooLarge],
  ],
});

describe('hlvInputSchema limits', () => {
  it('accepts an age of exactly 120', () => {
    expect(hlvInputSchema.safeParse({ ...valid, retirementAge: '120' }).success).toBe(true);
  });
});
