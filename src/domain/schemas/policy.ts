import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  keptOptionalPhone,
  keptOptionalText,
  optionalAmount,
  optionalText,
  requiredText,
  syncColumns,
} from './common';

/**
 * Renewal frequencies in display order, with the months Mark Renewed adds (the SQL
 * renewal_interval() uses the same numbers; month ends clamp, 31 Jan + 1 month = 28/29 Feb).
 */
export const renewalFrequencies = [
  { value: 'monthly', label: 'Monthly', months: 1 },
  { value: '6-monthly', label: 'Every 6 months', months: 6 },
  { value: 'yearly', label: 'Yearly', months: 12 },
  { value: '3-yearly', label: 'Every 3 years', months: 36 },
] as const;

export const renewalFrequencyValues = ['monthly', '6-monthly', 'yearly', '3-yearly'] as const;
export const renewalFrequencySchema = z.enum(renewalFrequencyValues);
export type RenewalFrequencyValue = z.infer<typeof renewalFrequencySchema>;
export const defaultRenewalFrequency: RenewalFrequencyValue = 'yearly';

/** Upper bounds of numeric(14,2) and numeric(12,2). */
export const SUM_INSURED_LIMIT = 1e12;
export const PREMIUM_AMOUNT_LIMIT = 1e10;
/**
 * The SQL check on policies.additional_details. At 3 UTF-8 bytes a character (Hindi), a
 * policy at this limit is about 6 KB: hundreds fit one sync request.
 */
export const ADDITIONAL_DETAILS_MAX_LENGTH = 2000;

/** The SQL checks on the policy's contact names (phones: PHONE_MAX_LENGTH). */
export const CONTACT_NAME_MAX_LENGTH = {
  nominee_name: 100,
  tpa_name: 120,
  agent_name: 100,
} as const;

const policyFields = z.object({
  policy_type_id: idSchema.nullable(),
  insurer_name: requiredText(120, 'Insurer name'),
  policy_number: requiredText(60, 'Policy number'),
  product_name: optionalText(120, 'Product/Plan name'),
  start_date: isoDateSchema,
  renewal_frequency: renewalFrequencySchema.default(defaultRenewalFrequency),
  next_renewal_date: isoDateSchema,
  sum_insured: optionalAmount(SUM_INSURED_LIMIT, 'Sum insured'),
  premium_amount: optionalAmount(PREMIUM_AMOUNT_LIMIT, 'Premium amount'),
  additional_details: optionalText(ADDITIONAL_DETAILS_MAX_LENGTH, 'Additional details'),
  nominee_name: keptOptionalText(CONTACT_NAME_MAX_LENGTH.nominee_name, 'Nominee'),
  claim_helpline: keptOptionalPhone('Claim helpline'),
  tpa_name: keptOptionalText(CONTACT_NAME_MAX_LENGTH.tpa_name, 'TPA name'),
  tpa_helpline: keptOptionalPhone('TPA helpline'),
  agent_name: keptOptionalText(CONTACT_NAME_MAX_LENGTH.agent_name, 'Agent or advisor name'),
  agent_phone: keptOptionalPhone('Agent or advisor phone'),
});

/** The contact fields a policy gained with issue 17 (optional; absent on older rows). */
export const policyContactFields = [
  'nominee_name',
  'claim_helpline',
  'tpa_name',
  'tpa_helpline',
  'agent_name',
  'agent_phone',
] as const;
export type PolicyContactField = (typeof policyContactFields)[number];

/** Every field a policy's owner writes, in the form's order: the one list the others derive from. */
export const policyFieldNames = policyFields.keyof().options;

/**
 * A policy's own details, its type and contacts apart: what the form, the local row, the
 * export and the import share (each names the type its own way).
 */
export const policyDetailFields = [
  'insurer_name',
  'policy_number',
  'product_name',
  'start_date',
  'next_renewal_date',
  'renewal_frequency',
  'sum_insured',
  'premium_amount',
  'additional_details',
] as const;
export type PolicyDetails = Pick<
  z.output<typeof policyFields>,
  (typeof policyDetailFields)[number]
>;

/** Only the details of a policy-like object (a form's output, a joined row). */
export function policyDetails(source: PolicyDetails): PolicyDetails {
  return Object.fromEntries(
    policyDetailFields.map((field) => [field, source[field]]),
  ) as PolicyDetails;
}

/** The contacts as stored: null when cleared, absent on rows stored before they existed. */
export type PolicyContacts = Partial<Record<PolicyContactField, string | null>>;

/** One value for each contact field: `contactRecord(() => '')` is the empty form's. */
export function contactRecord<V>(
  value: (field: PolicyContactField) => V,
): Record<PolicyContactField, V> {
  return Object.fromEntries(policyContactFields.map((field) => [field, value(field)])) as Record<
    PolicyContactField,
    V
  >;
}

const renewalNotBeforeStart = {
  // ISO dates compare correctly as strings.
  check: (v: { start_date: string; next_renewal_date: string }) =>
    v.next_renewal_date >= v.start_date,
  message: 'Next renewal date cannot be before the start date',
};

/**
 * What the policy form and the sync outbox write. The type is required here (the form
 * demands it); rows read back may have lost it when an admin deleted a global type.
 */
export const policyInputSchema = policyFields
  .extend({ policy_type_id: z.guid({ error: 'Policy type is required' }) })
  .refine(renewalNotBeforeStart.check, {
    error: renewalNotBeforeStart.message,
    path: ['next_renewal_date'],
  });
export type PolicyInput = z.input<typeof policyInputSchema>;
export type PolicyValues = z.output<typeof policyInputSchema>;

export const policySchema = policyFields
  .extend({
    id: idSchema,
    user_id: idSchema,
    ...syncColumns,
  })
  .refine(renewalNotBeforeStart.check, {
    error: renewalNotBeforeStart.message,
    path: ['next_renewal_date'],
  });
export type Policy = z.output<typeof policySchema>;
