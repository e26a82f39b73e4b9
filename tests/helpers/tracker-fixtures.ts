import type { TrackerDb } from '@/db/tracker-db';
import type { SavePolicyInput } from '@/sync/repo';

/**
 * The global Health type in a test's tracker database, as a pull leaves it, so policies can
 * use it. `at` and `serverSeq` are the row's sync columns (a fixed date by default).
 */
export async function storeHealthType(
  db: TrackerDb,
  id: string,
  { at = '2025-01-01T00:00:00.000Z', serverSeq = 0 }: { at?: string; serverSeq?: number } = {},
): Promise<void> {
  await db.policyTypes.put({
    id,
    name: 'Health',
    icon: 'HeartPulse',
    user_id: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    server_seq: serverSeq,
  });
}

/** A valid policy for the repo's savePolicy: Star Health SH-1, with `fields` changed. */
export function policyInput(
  policyTypeId: string,
  fields: Partial<SavePolicyInput> = {},
): SavePolicyInput {
  return {
    policy_type_id: policyTypeId,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: null,
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
    renewal_frequency: 'monthly',
    sum_insured: 500000,
    premium_amount: 15000,
    additional_details: null,
    members: [],
    ...fields,
  };
}

/**
 * A policy of Priya's (`ownerId`), Niva Bupa NB-9, shared with `recipientId` in `role`, as a
 * sync pull stores it: the row under its owner, the shared-policy link and the share itself.
 */
export async function storeSharedPolicy(
  db: TrackerDb,
  {
    ownerId,
    recipientId,
    role,
    policyTypeId,
    fields = {},
  }: {
    ownerId: string;
    recipientId: string;
    role: 'viewer' | 'editor';
    policyTypeId: string;
    fields?: { start_date?: string; next_renewal_date?: string; premium_amount?: number | null };
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await db.policies.put({
    id,
    user_id: ownerId,
    policy_type_id: policyTypeId,
    insurer_name: 'Niva Bupa',
    policy_number: 'NB-9',
    product_name: null,
    start_date: '2025-01-01',
    next_renewal_date: '2026-01-01',
    renewal_frequency: 'yearly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    ...fields,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    server_seq: 5,
  });
  await db.sharedPolicies.put({ policy_id: id, owner_id: ownerId, role });
  await db.shares.put({
    id: crypto.randomUUID(),
    owner_id: ownerId,
    owner_name: 'Priya',
    owner_email: 'priya@example.com',
    recipient_id: recipientId,
    recipient_name: null,
    recipient_email: null,
    policy_id: id,
    policy_label: 'Niva Bupa · NB-9',
    role,
    reminders_enabled: false,
    created_at: at,
    updated_at: at,
  });
  return id;
}
