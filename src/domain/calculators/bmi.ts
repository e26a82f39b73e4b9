import { z } from 'zod';
import { measureField } from './fields';

export const bmiInputSchema = z.object({
  heightFeet: measureField({
    required: 'Enter your height in feet',
    max: { value: 9, message: 'Height must be 9 feet or less' },
  }),
  heightInches: measureField({
    max: { value: 12, exclusive: true, message: 'Inches must be less than 12' },
  }),
  weightKg: measureField({
    required: 'Enter your weight in kg',
    max: { value: 500, message: 'Weight must be 500 kg or less' },
  }),
});

export type BmiFormValues = z.input<typeof bmiInputSchema>;
export type BmiInput = z.output<typeof bmiInputSchema>;

export type BmiCategory = 'Underweight' | 'Normal' | 'Overweight' | 'Obese';

export interface BmiResult {
  kind: 'bmi';
  /** BMI as displayed: exactly two decimals, e.g. "24.99". */
  display: string;
  /** The displayed value as a number; the category is decided on this, not the raw BMI. */
  value: number;
  category: BmiCategory;
}

/** Spec §9: 1 inch = 0.0254 m. */
const METRES_PER_INCH = 0.0254;

/** Thresholds 18.5, 25, 30 (spec §9) applied to the two-decimal value the user sees. */
export function bmiCategory(shownValue: number): BmiCategory {
  if (shownValue < 18.5) return 'Underweight';
  if (shownValue < 25) return 'Normal';
  if (shownValue < 30) return 'Overweight';
  return 'Obese';
}

/**
 * BMI = kg / m², m = (feet × 12 + inches) × 0.0254. Null unless height and weight are both
 * positive. Rounding goes through the displayed string so the category always agrees with
 * what is on screen (24.996 shows as 25.00 and is Overweight).
 */
export function calculateBmi(input: BmiInput): BmiResult | null {
  const heightM = (input.heightFeet * 12 + input.heightInches) * METRES_PER_INCH;
  if (heightM <= 0 || input.weightKg <= 0) return null;
  return bmiFromMetric(input.weightKg, heightM);
}

/** Builds the result from an already-computed BMI; exposed for boundary tests. */
export function bmiResultFromValue(bmi: number): BmiResult {
  const display = bmi.toFixed(2);
  const value = Number(display);
  return { kind: 'bmi', display, value, category: bmiCategory(value) };
}

function bmiFromMetric(weightKg: number, heightM: number): BmiResult {
  return bmiResultFromValue(weightKg / (heightM * heightM));
}
