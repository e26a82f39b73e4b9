import { describeFormSchema } from '../../../tests/helpers/form-schema-cases';
import { describe, expect, it } from 'vitest';
import { calculateRetirement, retirementInputSchema } from './retirement';
import { fieldMessages } from './fields';

describe('calculateRetirement', () => {
  it('plans from nothing saved', () => {
    // y = 30; 50,000 × 1.06^30 (5.743491172913) = 2,87,174.5586 a month
    // corpus = 2,87,174.5586 × 12 / 0.04 = 8,61,52,367.594; savings 0 → gap = corpus
    // r = 0.08/12, n = 360: (1+r)^360 − 1 = 9.935730; gap × r / 9.935730 = 57,806.4357
    const result = calculateRetirement({
      currentAge: 30,
      retirementAge: 60,
      monthlyExpenses: 50_000,
      currentSavings: 0,
    });
    expect(result?.years).toBe(30);
    expect(result?.futureMonthlyExpenses).toBeCloseTo(287_174.5586, 3);
    expect(result?.corpusNeeded).toBeCloseTo(86_152_367.5937, 3);
    expect(result?.savingsAtRetirement).toBe(0);
    expect(result?.gap).toBeCloseTo(86_152_367.5937, 3);
    expect(result?.monthlyInvestment).toBeCloseTo(57_806.4357, 3);
  });

  it('counts grown savings against the corpus', () => {
    // y = 20; 40,000 × 1.06^20 (3.207135472) = 1,28,285.4189; corpus × 300 = 3,84,85,625.6666
    // savings 10,00,000 × 1.08^20 (4.660957144) = 46,60,957.1438
    // gap = 3,38,24,668.5227; n = 240, (1+r)^240 − 1 = 3.926802775 → 57,425.2906 a month
    const result = calculateRetirement({
      currentAge: 40,
      retirementAge: 60,
      monthlyExpenses: 40_000,
      currentSavings: 1_000_000,
    });
    expect(result?.corpusNeeded).toBeCloseTo(38_485_625.6666, 3);
    expect(result?.savingsAtRetirement).toBeCloseTo(4_660_957.1438, 3);
    expect(result?.gap).toBeCloseTo(33_824_668.5227, 3);
    expect(result?.monthlyInvestment).toBeCloseTo(57_425.2906, 3);
  });

  it('floors the gap and the monthly investment at zero', () => {
    // y = 10; corpus = 10,000 × 1.06^10 (1.790847697) × 300 = 53,72,543.0896
    // savings 1,00,00,000 × 1.08^10 (2.158924997) = 2,15,89,249.9727 > corpus → gap 0
    const result = calculateRetirement({
      currentAge: 50,
      retirementAge: 60,
      monthlyExpenses: 10_000,
      currentSavings: 10_000_000,
    });
    expect(result?.corpusNeeded).toBeCloseTo(5_372_543.0896, 3);
    expect(result?.savingsAtRetirement).toBeCloseTo(21_589_249.9727, 3);
    expect(result?.gap).toBe(0);
    expect(result?.monthlyInvestment).toBe(0);
  });

  it('handles a single year to go', () => {
    // y = 1; 30,000 × 1.06 = 31,800; corpus = 31,800 × 300 = 95,40,000
    // (1 + 0.08/12)^12 − 1 = 0.0829995068; 95,40,000 × 0.0066667 / 0.0829995 = 7,66,269.6135
    const result = calculateRetirement({
      currentAge: 59,
      retirementAge: 60,
      monthlyExpenses: 30_000,
      currentSavings: 0,
    });
    expect(result?.corpusNeeded).toBeCloseTo(9_540_000, 4);
    expect(result?.monthlyInvestment).toBeCloseTo(766_269.6135, 3);
  });

  it.each([
    [60, 60, 50_000],
    [65, 60, 50_000],
    [30, 60, 0],
  ])('gives no result for ages %d → %d with expenses %d', (currentAge, retirementAge, exp) => {
    expect(
      calculateRetirement({ currentAge, retirementAge, monthlyExpenses: exp, currentSavings: 0 }),
    ).toBeNull();
  });
});

const valid = {
  currentAge: '30',
  retirementAge: '60',
  monthlyExpenses: '50,000',
  currentSavings: '',
};

describeFormSchema('retirementInputSchema', retirementInputSchema, {
  valid,
  parses: {
    title: 'reads grouped text and a blank optional saving',
    to: {
      currentAge: 30,
      retirementAge: 60,
      monthlyExpenses: 50_000,
      currentSavings: 0,
    },
  },
  rejects: [
    ['retirementAge', '150', fieldMessages.ageTooHigh],
    ['monthlyExpenses', '-50000', fieldMessages.negative],
    ['monthlyExpenses', '', 'Enter your monthly expenses'],
    ['currentSavings', 'lots', fieldMessages.notNumber],
  ],
});
