import { z } from 'zod';
import { policyContactFields, type RenewalFrequencyValue } from '../schemas';
import { sortedPayments, type TransferPayment } from './payments';

/**
 * The BimaGuide JSON export: every policy the user has, with its type's name, covered members
 * and contacts, in a versioned envelope. It holds no ids, so it can be imported into any
 * account (ids are the server's keys; another account's ids would collide).
 *
 * Compatibility: a new optional field is a new key here and in TransferPolicy (older files
 * lack it and still import); a change that older apps would misread raises TRANSFER_VERSION.
 */
export const TRANSFER_FORMAT = 'bimaguide-policies';
export const TRANSFER_VERSION = 1;

/** A covered member as the files carry them. */
export interface TransferMember {
  name: string;
  relationship: string;
}

/** One policy in an export, format-neutral (the CSV's columns are made from these too). */
export interface TransferPolicy {
  /** The type's name; null for a policy whose type was deleted (Uncategorised). */
  type: string | null;
  type_icon: string | null;
  insurer_name: string;
  policy_number: string;
  product_name: string | null;
  start_date: string;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequencyValue;
  sum_insured: number | null;
  premium_amount: number | null;
  additional_details: string | null;
  nominee_name: string | null;
  claim_helpline: string | null;
  tpa_name: string | null;
  tpa_helpline: string | null;
  agent_name: string | null;
  agent_phone: string | null;
  members: TransferMember[];
  /** Oldest first. Files from before payments were exported lack the key. */
  payments: TransferPayment[];
}

const text = z.string().nullable().optional();
const amount = z.number().nullable().optional();

/**
 * One policy entry's shape (types only). What the values may be (lengths, real dates, limits)
 * is the policy and person schemas' job when the entry is imported, so a file entry is
 * refused with the same messages as the form, one entry at a time.
 */
export const transferPolicySchema = z.object({
  type: text,
  type_icon: text,
  insurer_name: text,
  policy_number: text,
  product_name: text,
  start_date: text,
  next_renewal_date: text,
  renewal_frequency: text,
  sum_insured: amount,
  premium_amount: amount,
  additional_details: text,
  nominee_name: text,
  claim_helpline: text,
  tpa_name: text,
  tpa_helpline: text,
  agent_name: text,
  agent_phone: text,
  members: z.array(z.object({ name: z.string(), relationship: z.string() })).optional(),
  /** Each payment is checked by the payment schema when the entry is imported, as a form's. */
  payments: z.array(z.unknown()).optional(),
});
export type TransferPolicyEntry = z.output<typeof transferPolicySchema>;

/** The envelope. Entries are checked one by one (transferPolicySchema) so one bad entry is one error. */
export const transferFileSchema = z.object({
  format: z.literal(TRANSFER_FORMAT),
  version: z.number().int().positive(),
  exported_at: z.iso.datetime({ offset: true }).optional(),
  policies: z.array(z.unknown()),
});

export interface TransferFile {
  format: typeof TRANSFER_FORMAT;
  version: typeof TRANSFER_VERSION;
  exported_at: string;
  policies: TransferPolicy[];
}

/** A stored policy as the tracker reads it (its type and members joined), for export. */
export interface TransferSource {
  id: string;
  type: { name: string; icon: string | null } | null;
  insurer_name: string;
  policy_number: string;
  product_name: string | null;
  start_date: string;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequencyValue;
  sum_insured: number | null;
  premium_amount: number | null;
  additional_details: string | null;
  nominee_name?: string | null;
  claim_helpline?: string | null;
  tpa_name?: string | null;
  tpa_helpline?: string | null;
  agent_name?: string | null;
  agent_phone?: string | null;
  members: readonly TransferMember[];
}

/** A stored payment, for export: its policy's id says which entry it goes in. */
export interface TransferSourcePayment extends TransferPayment {
  policy_id: string;
}

export function toTransferPolicy(
  source: TransferSource,
  payments: readonly TransferPayment[] = [],
): TransferPolicy {
  const contacts = Object.fromEntries(
    policyContactFields.map((field) => [field, source[field] ?? null]),
  ) as Pick<TransferPolicy, (typeof policyContactFields)[number]>;
  return {
    type: source.type?.name ?? null,
    type_icon: source.type?.icon ?? null,
    insurer_name: source.insurer_name,
    policy_number: source.policy_number,
    product_name: source.product_name,
    start_date: source.start_date,
    next_renewal_date: source.next_renewal_date,
    renewal_frequency: source.renewal_frequency,
    sum_insured: source.sum_insured,
    premium_amount: source.premium_amount,
    additional_details: source.additional_details,
    ...contacts,
    members: source.members.map((m) => ({ name: m.name, relationship: m.relationship })),
    payments: sortedPayments(payments),
  };
}

/** The export of `policies` with their `payments` (payments of other policies are left out). */
export function transferFile(
  policies: readonly TransferSource[],
  payments: readonly TransferSourcePayment[],
  exportedAt: Date,
): TransferFile {
  const byPolicy = new Map<string, TransferPayment[]>();
  for (const payment of payments) {
    const list = byPolicy.get(payment.policy_id) ?? [];
    list.push(payment);
    byPolicy.set(payment.policy_id, list);
  }
  return {
    format: TRANSFER_FORMAT,
    version: TRANSFER_VERSION,
    exported_at: exportedAt.toISOString(),
    policies: policies.map((policy) => toTransferPolicy(policy, byPolicy.get(policy.id))),
  };
}

/** 'bimaguide-policies-2026-11-24.json' */
export function exportFileName(extension: 'csv' | 'json', exportedOn: string): string {
  return `bimaguide-policies-${exportedOn}.${extension}`;
}
