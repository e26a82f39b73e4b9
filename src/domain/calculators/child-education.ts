import { z } from 'zod';
import { ageField, amountField, monthlyPaymentForTarget, percentField } from './fields';

/** Spec §9 slider settings. */
export const CHILD_EDUCATION_SLIDERS = {
  expectedReturn: { defaultValue: 8, min: 0, max: 30, step: 1 },
  educationInflation: { defaultValue: 6, min: 0, max: 20, step: 1 },
} as const;

export const childEducationInputSchema = z.object({
  childAge: ageField("Enter your child's current age"),
  educationAge: ageField('Enter the age higher education starts'),
  presentCost: amountField("Enter today's cost of the education"),
  expectedReturn: percentField(CHILD_EDUCATION_SLIDERS.expectedReturn.max),
  educationInflation: percentField(CHILD_EDUCATION_SLIDERS.educationInflation.max),
});

export type ChildEducationFormValues = z.input<typeof childEducationInputSchema>;
export type ChildEducationInput = z.output<typeof childEducationInputSchema>;

export interface ChildEducationResult {
  kind: 'child-edu';
  years: number;
  futureCost: number;
  monthlyInvestment: number;
}

/**
 * Future cost = present cost × (1 + inflation)^years; monthly investment at return/12 a month,
 * paid at month end over 12 × years months (future cost / n at 0% return).
 * Null unless there are years to the goal and a positive cost.
 */
export function calculateChildEducation(input: ChildEducationInput): ChildEducationResult | null {
  const years = input.educationAge - input.childAge;
  if (years <= 0 || input.presentCost <= 0) return null;
  const futureCost = input.presentCost * (1 + input.educationInflation / 100) ** years;
  const monthlyInvestment = monthlyPaymentForTarget(
    futureCost,
    input.expectedReturn / 100 / 12,
    years * 12,
  );
  return { kind: 'child-edu', years, futureCost, monthlyInvestment };
}
