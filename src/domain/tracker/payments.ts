import { z } from 'zod';
import { nextRenewalAfter, type IsoDate, type RenewalSchedule } from '../policy';
import {
  optionalText,
  PAYMENT_REFERENCE_MAX_LENGTH,
  paymentAmountSchema,
  paymentModeSchema,
  type PaymentDetails,
  type PaymentMode,
} from '../schemas';
import { formatPolicyDate } from './dates';
import { blankToUndefined, numberInput, requiredDate } from './form-fields';

/** A payment form's values as the inputs hold them ('' and null when empty). */
export interface PaymentFormValues {
  amount: number | string;
  paid_on: string | null;
  mode: PaymentMode | null;
  reference: string;
}

const paymentFormFields = {
  amount: numberInput(paymentAmountSchema),
  paid_on: requiredDate('Paid on'),
  mode: z.preprocess(blankToUndefined, paymentModeSchema.optional()).transform((v) => v ?? null),
  reference: optionalText(PAYMENT_REFERENCE_MAX_LENGTH, 'Reference'),
};

/** Adding or editing a payment: the amount and the date are required. */
export const paymentFormSchema = z.object(paymentFormFields);

/** Mark Renewed's payment: an empty amount renews without recording one. */
export const renewFormSchema = z
  .object({ ...paymentFormFields, amount: numberInput(paymentAmountSchema.optional()) })
  .transform(({ amount, ...rest }): PaymentDetails | null =>
    amount === undefined ? null : { amount, ...rest },
  );

/** The form for a new payment: the premium as the amount, today as the date. */
export function newPaymentForm(premium: number | null, today: IsoDate): PaymentFormValues {
  return { amount: premium ?? '', paid_on: today, mode: null, reference: '' };
}

export function paymentToFormValues(payment: PaymentDetails): PaymentFormValues {
  return {
    amount: payment.amount,
    paid_on: payment.paid_on,
    mode: payment.mode,
    reference: payment.reference ?? '',
  };
}

/** What Mark Renewed will do to the date, as the dialog shows it: "24 Nov 2026 → 24 Nov 2027". */
export function renewalPreview(schedule: RenewalSchedule): string {
  return `${formatPolicyDate(schedule.next_renewal_date)} → ${formatPolicyDate(nextRenewalAfter(schedule))}`;
}

export interface PaymentYear<P> {
  year: number;
  /** In rupees, summed in paise so 0.1 + 0.2 stays 0.3. */
  total: number;
  /** Latest first. */
  payments: P[];
}

/** Payments grouped by the calendar year they were paid in, latest year first. */
export function paymentsByYear<P extends { amount: number; paid_on: IsoDate }>(
  payments: readonly P[],
): PaymentYear<P>[] {
  const years = new Map<number, { paise: number; payments: P[] }>();
  for (const payment of payments) {
    const year = Number(payment.paid_on.slice(0, 4));
    const entry = years.get(year) ?? { paise: 0, payments: [] };
    entry.paise += Math.round(payment.amount * 100);
    entry.payments.push(payment);
    years.set(year, entry);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, entry]) => ({
      year,
      total: entry.paise / 100,
      payments: entry.payments.sort((a, b) => b.paid_on.localeCompare(a.paid_on)),
    }));
}
