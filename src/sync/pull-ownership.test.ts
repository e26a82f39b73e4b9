// What a wrong (buggy or hostile) sync_pull page may not do to the device's data (issue 18,
// second sharing review: C1, C2).
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { expect, it } from 'vitest';
import type { SyncPullResponse } from '@/domain/schemas';
import { applyPullPage } from '@/sync/pull';
import { readPolicies } from '@/sync/queries';
import { pulled, testDevices } from '../../tests/helpers/tracker-device';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-8000-0000000000aa';
const sync = pulled;
const at = sync(0).updated_at;

const openDevice = testDevices(HEALTH);

function policyRow(id: string, userId: string, seq: number) {
  return {
    id,
    user_id: userId,
    policy_type_id: HEALTH,
    insurer_name: 'Hostile',
    policy_number: 'X',
    product_name: 'X',
    start_date: '2024-01-31',
    next_renewal_date: '2026-12-31',
    renewal_frequency: 'yearly',
    sum_insured: 1,
    premium_amount: 1,
    additional_details: null,
    updated_by: userId,
    ...sync(seq),
  };
}

function page(
  changes: SyncPullResponse['changes'],
  shared: SyncPullResponse['shared_policies'],
): SyncPullResponse {
  return {
    changes,
    cursor: 100,
    has_more: false,
    global_policy_types: [{ id: HEALTH, name: 'Health', icon: 'heart', user_id: null, ...sync(1) }],
    shares: [],
    shared_policies: shared,
    shared_policy_types: [],
  };
}

const setup = () => openDevice({ policy_number: 'MINE-1' });

for (const listing of ['another policy of the owner', 'the policy itself']) {
  it(`a page row re-owning one of the user’s own policies (listing ${listing}) is refused: the policy, its unsent document and its file stay`, async () => {
    const { db, userId, own, repo } = await setup();
    // An unsent document with its file waiting to upload.
    await repo.addDocument(
      { policy_id: own, name: 'Scan.pdf', mime_type: 'application/pdf' },
      new NodeBlob(['%PDF-1.4 only copy'], { type: 'application/pdf' }) as unknown as Blob,
    );
    expect(await db.documentFiles.count()).toBe(1);
    const listed = listing === 'the policy itself' ? own : crypto.randomUUID();
    await applyPullPage(
      db,
      userId,
      page(
        [{ table: 'policies', server_seq: 50, row: policyRow(own, OWNER, 50) }],
        [{ policy_id: listed, owner_id: OWNER, role: 'viewer' }],
      ),
      at,
    );
    const left = (await readPolicies(db)).map((p) => p.policy_number);
    expect(left).toContain('MINE-1');
    expect((await db.policies.get(own))?.user_id).toBe(userId);
    expect(await db.documentFiles.count()).toBe(1);
    expect(await db.outbox.count()).toBeGreaterThan(0);
  });
}

it('a payment of a listed owner’s policy that is not shared is not stored, and a held stray goes on the next page', async () => {
  const { db, userId, own } = await setup();
  const sharedId = crypto.randomUUID();
  const unshared = crypto.randomUUID();
  const paymentId = crypto.randomUUID();
  await applyPullPage(
    db,
    userId,
    page(
      [
        { table: 'policies', server_seq: 50, row: policyRow(sharedId, OWNER, 50) },
        {
          table: 'payments',
          server_seq: 51,
          row: {
            id: paymentId,
            user_id: OWNER,
            policy_id: unshared,
            amount: 99,
            paid_on: '2026-01-01',
            mode: null,
            reference: null,
            ...sync(51),
          },
        },
      ],
      [{ policy_id: sharedId, owner_id: OWNER, role: 'viewer' }],
    ),
    at,
  );
  expect(await db.payments.get(paymentId)).toBeUndefined();
  expect(await db.policies.get(sharedId)).toBeDefined();

  // A copy stored by an app version that took such rows goes with the next page, while the
  // user's own policy it may name stays.
  await db.payments.put({
    id: paymentId,
    user_id: OWNER,
    policy_id: own,
    amount: 99,
    paid_on: '2026-01-01',
    mode: null,
    reference: null,
    ...sync(51),
  });
  await applyPullPage(
    db,
    userId,
    page([], [{ policy_id: sharedId, owner_id: OWNER, role: 'viewer' }]),
    at,
  );
  expect(await db.payments.get(paymentId)).toBeUndefined();
  expect(await db.policies.get(sharedId)).toBeDefined();
  expect(await db.policies.get(own)).toBeDefined();
});
