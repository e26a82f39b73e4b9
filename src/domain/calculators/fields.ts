import { z } from 'zod';

/**
 * Field schemas shared by the calculator inputs. Forms hand over raw text (possibly with
 * Indian grouping commas), tests and other callers may pass plain numbers; both parse to
 * numbers here so a field can say exactly what is wrong with what was typed.
 */

export const MAX_AGE = 120;
/** ₹1 lakh crore: far above any real household figure, low enough to keep the maths exact. */
export const MAX_AMOUNT = 1e12;

export const fieldMessages = {
  notNumber: 'Enter a number, e.g. 15,00,000',
  negative: 'Cannot be negative',
  wholeYears: 'Enter age in whole years',
  ageTooHigh: `Age must be ${MAX_AGE} or less`,
  amountTooLarge: 'That amount is too large',
} as const;

const rawNumber = z.union([z.string(), z.number()]);

/** Text → number, ignoring grouping commas, spaces and a rupee sign. Null when blank. */
export function parseNumberText(value: string | number): number | null | 'invalid' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  const compact = value.replace(/[,\s\u00a0₹]/g, '');
  if (compact === '') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(compact)) return 'invalid';
  const parsed = Number(compact);
  return Number.isFinite(parsed) ? parsed : 'invalid';
}

interface NumberRules {
  /** Message when blank; omit for an optional field (blank reads as 0). */
  required?: string;
  integer?: string;
  max?: NumberMax;
}

interface NumberMax {
  value: number;
  message: string;
  /** When true the value itself is not allowed (inches must stay below 12). */
  exclusive?: boolean;
}

function numberField(rules: NumberRules) {
  return rawNumber.transform((value, ctx): number => {
    const parsed = parseNumberText(value);
    if (parsed === null) {
      if (rules.required === undefined) return 0;
      ctx.addIssue({ code: 'custom', message: rules.required });
      return z.NEVER;
    }
    if (parsed === 'invalid') {
      ctx.addIssue({ code: 'custom', message: fieldMessages.notNumber });
      return z.NEVER;
    }
    if (parsed < 0) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.negative });
      return z.NEVER;
    }
    if (rules.integer !== undefined && !Number.isInteger(parsed)) {
      ctx.addIssue({ code: 'custom', message: rules.integer });
      return z.NEVER;
    }
    const { max } = rules;
    if (max !== undefined && (max.exclusive ? parsed >= max.value : parsed > max.value)) {
      ctx.addIssue({ code: 'custom', message: max.message });
      return z.NEVER;
    }
    return parsed;
  });
}

/** An age in whole years, 0–120. */
export function ageField(requiredMessage: string) {
  return numberField({
    required: requiredMessage,
    integer: fieldMessages.wholeYears,
    max: { value: MAX_AGE, message: fieldMessages.ageTooHigh },
  });
}

/** Age now and at retirement: the working years both the HLV and Retirement forms start from. */
export function workingYearsFields() {
  return {
    currentAge: ageField('Enter your current age'),
    retirementAge: ageField('Enter the age you plan to retire at'),
  };
}

/** A rupee amount; blank is an error when a message is given, otherwise reads as 0. */
export function amountField(requiredMessage?: string) {
  return numberField({
    ...(requiredMessage === undefined ? {} : { required: requiredMessage }),
    max: { value: MAX_AMOUNT, message: fieldMessages.amountTooLarge },
  });
}

/** Any non-negative measurement with an upper bound (height, weight). */
export function measureField(options: { required?: string; max: NumberMax }) {
  return numberField(options);
}

/** A whole-number percentage chosen on a slider. */
export function percentField(max: number) {
  return numberField({
    required: 'Choose a percentage',
    integer: 'Choose a whole percentage',
    max: { value: max, message: `Choose ${max}% or less` },
  });
}

/**
 * Level monthly payment, made at the end of each month, that grows to `target` after `months`
 * payments at `monthlyRate`: target × r / ((1 + r)^n − 1). At 0% it is simply target / n.
 */
export function monthlyPaymentForTarget(target: number, monthlyRate: number, months: number) {
  if (target <= 0) return 0;
  if (monthlyRate === 0) return target / months;
  return (target * monthlyRate) / ((1 + monthlyRate) ** months - 1);
}
