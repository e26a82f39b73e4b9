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
