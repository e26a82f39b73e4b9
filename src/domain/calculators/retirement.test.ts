import { describeFormSchema } from '../../../tests/helpers/form-schema-cases';
import { describe, expect, it } from 'vitest';
import { calculateRetirement, retirementInputSchema } from './retirement';
import { fieldMessages } from './fields';

type Expected = Partial<Record<keyof NonNullable<ReturnType<typeof calculateRetirement>>, number>>;

// Each case's figures are worked by hand in its note, so a changed formula shows which step moved.
const plans: [
  title: string,
  input: Parameters<typeof calculateRetirement>[0],
  expected: Expected,
][] = [
  [
    // y = 30; 50,000 × 1.06^30 (5.743491172913) = 2,87,174.5586 a month
    // corpus = 2,87,174.5586 × 12 / 0.04 = 8,61,52,367.594; savings 0 → gap = corpus
    // r = 0.08/12, n = 360: (1+r)^360 − 1 = 9.935730; gap × r / 9.935730 = 57,806.4357
    'plans from nothing saved',
    { currentAge: 30, retirementAge: 60, monthlyExpenses: 50_000, currentSavings: 0 },
    {
      years: 30,
      futureMonthlyExpenses: 287_174.5586,
      corpusNeeded: 86_152_367.5937,
      savingsAtRetirement: 0,
      gap: 86_152_367.5937,
      monthlyInvestment: 57_806.4357,
    },
  ],
  [
    // y = 20; 40,000 × 1.06^20 (3.207135472) = 1,28,285.4189; corpus × 300 = 3,84,85,625.6666
    // savings 10,00,000 × 1.08^20 (4.660957144) = 46,60,957.1438
    // gap = 3,38,24,668.5227; n = 240, (1+r)^240 − 1 = 3.926802775 → 57,425.2906 a month
    'counts grown savings against the corpus',
    { currentAge: 40, retirementAge: 60, monthlyExpenses: 40_000, currentSavings: 1_000_000 },
    {
      corpusNeeded: 38_485_625.6666,
      savingsAtRetirement: 4_660_957.1438,
      gap: 33_824_668.5227,
      monthlyInvestment: 57_425.2906,
    },
  ],
  [
    // y = 10; corpus = 10,000 × 1.06^10 (1.790847697) × 300 = 53,72,543.0896
    // savings 1,00,00,000 × 1.08^10 (2.158924997) = 2,15,89,249.9727 > corpus → gap 0
    'floors the gap and the monthly investment at zero',
    { currentAge: 50, retirementAge: 60, monthlyExpenses: 10_000, currentSavings: 10_000_000 },
    {
      corpusNeeded: 5_372_543.0896,
      savingsAtRetirement: 21_589_249.9727,
      gap: 0,
      monthlyInvestment: 0,
    },
  ],
  [
    // y = 1; 30,000 × 1.06 = 31,800; corpus = 31,800 × 300 = 95,40,000
    // (1 + 0.08/12)^12 − 1 = 0.0829995068; 95,40,000 × 0.0066667 / 0.0829995 = 7,66,269.6135
    'handles a single year to go',
    { currentAge: 59, retirementAge: 60, monthlyExpenses: 30_000, currentSavings: 0 },
    { corpusNeeded: 9_540_000, monthlyInvestment: 766_269.6135 },
  ],
];

describe('calculateRetirement', () => {
  it.each(plans)('%s', (_title, input, expected) => {
    const result = calculateRetirement(input);
    expect(result).not.toBeNull();
    for (const [key, value] of Object.entries(expected)) {
      expect(result?.[key as keyof Expected], key).toBeCloseTo(value, 3);
    }
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
