import { z } from 'zod';
import { amountField, workingYearsFields } from './fields';

/** Spec §9: default retirement age. */
export const DEFAULT_RETIREMENT_AGE = 60;

export const hlvInputSchema = z.object({
  ...workingYearsFields(),
  annualIncome: amountField('Enter your annual net income'),
  existingCover: amountField(),
  liabilities: amountField(),
});

export type HlvFormValues = z.input<typeof hlvInputSchema>;
export type HlvInput = z.output<typeof hlvInputSchema>;

export interface HlvResult {
  kind: 'hlv';
  yearsRemaining: number;
  /** Rupees of life cover still needed, never below 0. */
  recommendedCover: number;
}

/**
 * Human Life Value: income × years to retirement + liabilities − existing cover, floored at 0.
 * Returns null when there are no working years left or no income; the spec says nothing
 * happens then, so this is not an error.
 */
export function calculateHlv(input: HlvInput): HlvResult | null {
  const yearsRemaining = input.retirementAge - input.currentAge;
  if (yearsRemaining <= 0 || input.annualIncome <= 0) return null;
  const need = input.annualIncome * yearsRemaining + input.liabilities - input.existingCover;
  return { kind: 'hlv', yearsRemaining, recommendedCover: Math.max(0, need) };
}
