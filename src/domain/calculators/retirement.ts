import { z } from 'zod';
import { amountField, monthlyPaymentForTarget, workingYearsFields } from './fields';
import { DEFAULT_RETIREMENT_AGE } from './hlv';

export { DEFAULT_RETIREMENT_AGE };

/** Spec §9 constants. */
export const RETIREMENT_ASSUMPTIONS = {
  inflation: 0.06,
  savingsGrowth: 0.08,
  annualReturn: 0.08,
  withdrawalRate: 0.04,
} as const;

export const retirementInputSchema = z.object({
  ...workingYearsFields(),
  monthlyExpenses: amountField('Enter your monthly expenses'),
  currentSavings: amountField(),
});

export type RetirementFormValues = z.input<typeof retirementInputSchema>;
export type RetirementInput = z.output<typeof retirementInputSchema>;

export interface RetirementResult {
  kind: 'retirement';
  years: number;
  futureMonthlyExpenses: number;
  corpusNeeded: number;
  savingsAtRetirement: number;
  gap: number;
  monthlyInvestment: number;
}

/**
 * Corpus = expenses × 1.06^y × 12 / 0.04; savings grow at 8% a year; the gap (floored at 0)
 * is funded by equal month-end investments at 8%/12 a month over 12y months.
 * Null unless there are years to retirement and some monthly expenses.
 */
export function calculateRetirement(input: RetirementInput): RetirementResult | null {
  const years = input.retirementAge - input.currentAge;
  if (years <= 0 || input.monthlyExpenses <= 0) return null;
  const { inflation, savingsGrowth, annualReturn, withdrawalRate } = RETIREMENT_ASSUMPTIONS;
  const futureMonthlyExpenses = input.monthlyExpenses * (1 + inflation) ** years;
  const corpusNeeded = (futureMonthlyExpenses * 12) / withdrawalRate;
  const savingsAtRetirement = input.currentSavings * (1 + savingsGrowth) ** years;
  const gap = Math.max(0, corpusNeeded - savingsAtRetirement);
  const monthlyInvestment = monthlyPaymentForTarget(gap, annualReturn / 12, years * 12);
  return {
    kind: 'retirement',
    years,
    futureMonthlyExpenses,
    corpusNeeded,
    savingsAtRetirement,
    gap,
    monthlyInvestment,
  };
}
