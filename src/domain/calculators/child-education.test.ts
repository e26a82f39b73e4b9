import { describeFormSchema } from '../../../tests/helpers/form-schema-cases';
import { describe, expect, it } from 'vitest';
import { calculateChildEducation, childEducationInputSchema } from './child-education';
import { fieldMessages } from './fields';

describe('calculateChildEducation', () => {
  it('grows the cost by inflation and spreads it over monthly investments', () => {
    // years = 13; 10,00,000 × 1.06^13 (2.132928260) = 21,32,928.2601
    // r = 0.08/12, n = 156: (1+r)^156 − 1 = 1.819442 → 21,32,928.2601 × r / 1.819442 = 7,815.2030
    const result = calculateChildEducation({
      childAge: 5,
      educationAge: 18,
      presentCost: 1_000_000,
      expectedReturn: 8,
      educationInflation: 6,
    });
    expect(result?.years).toBe(13);
    expect(result?.futureCost).toBeCloseTo(2_132_928.2601, 3);
    expect(result?.monthlyInvestment).toBeCloseTo(7_815.203, 3);
  });

  it('divides the future cost evenly at 0% return', () => {
    // 0% inflation: future cost = 5,00,000; n = 8 × 12 = 96; 5,00,000 / 96 = 5,208.3333
    const result = calculateChildEducation({
      childAge: 10,
      educationAge: 18,
      presentCost: 500_000,
      expectedReturn: 0,
      educationInflation: 0,
    });
    expect(result?.futureCost).toBe(500_000);
    expect(result?.monthlyInvestment).toBeCloseTo(5_208.3333, 4);
  });

  it('still inflates the cost at 0% return', () => {
    // 1,00,000 × 1.10^2 = 1,21,000; n = 24; 1,21,000 / 24 = 5,041.6667
    const result = calculateChildEducation({
      childAge: 0,
      educationAge: 2,
      presentCost: 100_000,
      expectedReturn: 0,
      educationInflation: 10,
    });
    expect(result?.futureCost).toBeCloseTo(121_000, 6);
    expect(result?.monthlyInvestment).toBeCloseTo(5_041.6667, 4);
  });

  it('uses the chosen return rate', () => {
    // 2,00,000 × 1.10^3 = 2,66,200; r = 0.01, n = 36: 1.01^36 − 1 = 0.430768784
    // 2,66,200 × 0.01 / 0.430768784 = 6,179.6493
    const result = calculateChildEducation({
      childAge: 15,
      educationAge: 18,
      presentCost: 200_000,
      expectedReturn: 12,
      educationInflation: 10,
    });
    expect(result?.futureCost).toBeCloseTo(266_200, 6);
    expect(result?.monthlyInvestment).toBeCloseTo(6_179.6493, 4);
  });

  it.each([
    [18, 18, 500_000],
    [19, 18, 500_000],
    [5, 18, 0],
  ])(
    'gives no result for child age %d, goal %d, cost %d',
    (childAge, educationAge, presentCost) => {
      expect(
        calculateChildEducation({
          childAge,
          educationAge,
          presentCost,
          expectedReturn: 8,
          educationInflation: 6,
        }),
      ).toBeNull();
    },
  );
});

const valid = {
  childAge: '5',
  educationAge: '18',
  presentCost: '10,00,000',
  expectedReturn: 8,
  educationInflation: 6,
};

describeFormSchema('childEducationInputSchema', childEducationInputSchema, {
  valid,
  parses: {
    title: 'parses grouped text and slider numbers',
    to: {
      childAge: 5,
      educationAge: 18,
      presentCost: 1_000_000,
      expectedReturn: 8,
      educationInflation: 6,
    },
  },
  rejects: [
    ['childAge', '-1', fieldMessages.negative],
    ['educationAge', '200', fieldMessages.ageTooHigh],
    ['presentCost', 'ten lakh', fieldMessages.notNumber],
    ['presentCost', '', "Enter today's cost of the education"],
    ['expectedReturn', 31, 'Choose 30% or less'],
    ['educationInflation', 21, 'Choose 20% or less'],
  ],
});
