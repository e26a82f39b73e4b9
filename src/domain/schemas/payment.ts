import { z } from 'zod';
import { idSchema, isoDateSchema, optionalText, syncColumns } from './common';
import { PREMIUM_AMOUNT_LIMIT } from './policy';

/**
 * A payment made for a policy: recorded by Mark Renewed or added by hand. The limits are the
 * SQL checks on public.payments (supabase/migrations/20261126090000_payments.sql): keep them
 * equal. The amount has the premium's scale (numeric(12,2)), so a renewal can default to it.
 */
export const paymentModes = [
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card' },
  { value: 'net_banking', label: 'Net banking' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
  { value: 'auto_debit', label: 'Auto-debit' },
] as const;

export const paymentModeValues = [
  'upi',
  'card',
  'net_banking',
  'cheque',
  'cash',
  'auto_debit',
] as const;
export const paymentModeSchema = z.enum(paymentModeValues, { error: 'Choose how it was paid' });
export type PaymentMode = z.infer<typeof paymentModeSchema>;

export const PAYMENT_REFERENCE_MAX_LENGTH = 100;

/** Paise are the smallest unit: a third decimal would be rounded away by the database. */
const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const paymentAmountSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Amount is required' : 'Amount must be a number',
  })
  .positive({ error: 'Amount must be more than zero' })
  .lt(PREMIUM_AMOUNT_LIMIT, { error: 'Amount is too large' })
  .refine(hasAtMostTwoDecimals, { error: 'Amount can have at most 2 decimal places' });

/** What a payment's form and Mark Renewed write, beside the policy it belongs to. */
export const paymentDetailsSchema = z.object({
  amount: paymentAmountSchema,
  paid_on: isoDateSchema,
  mode: paymentModeSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  reference: optionalText(PAYMENT_REFERENCE_MAX_LENGTH, 'Reference'),
});
export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;
export type PaymentDetails = z.output<typeof paymentDetailsSchema>;

export const paymentInputSchema = paymentDetailsSchema.extend({ policy_id: idSchema });
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = paymentInputSchema.extend({
  id: idSchema,
  user_id: idSchema,
  ...syncColumns,
});
export type Payment = z.output<typeof paymentSchema>;

const modeLabels = new Map<string, string>(paymentModes.map((m) => [m.value, m.label]));

export function paymentModeLabel(mode: PaymentMode): string {
  return modeLabels.get(mode) ?? mode;
}
