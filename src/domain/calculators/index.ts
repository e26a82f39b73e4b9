export {
  MAX_AGE,
  MAX_AMOUNT,
  fieldMessages,
  monthlyPaymentForTarget,
  parseNumberText,
} from './fields';
export {
  DEFAULT_RETIREMENT_AGE,
  calculateHlv,
  hlvInputSchema,
  type HlvFormValues,
  type HlvInput,
  type HlvResult,
} from './hlv';
export {
  bmiCategory,
  bmiInputSchema,
  bmiResultFromValue,
  calculateBmi,
  type BmiCategory,
  type BmiFormValues,
  type BmiInput,
  type BmiResult,
} from './bmi';
export {
  RETIREMENT_ASSUMPTIONS,
  calculateRetirement,
  retirementInputSchema,
  type RetirementFormValues,
  type RetirementInput,
  type RetirementResult,
} from './retirement';
export {
  CHILD_EDUCATION_SLIDERS,
  calculateChildEducation,
  childEducationInputSchema,
  type ChildEducationFormValues,
  type ChildEducationInput,
  type ChildEducationResult,
} from './child-education';
