import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { liveQuery } from 'dexie';
import { serverRowKey, type TrackerDb } from '@/db/tracker-db';
import type { PolicyShare, SyncPullResponse } from '@/domain/schemas';
import { applyPullPage } from './pull';
import {
  readAllPayments,
  readOwnPolicies,
  readPeople,
  readPolicies,
  readPolicyTypes,
  type PolicyView,
} from './queries';
import { sharedPolicyInfo } from './shared';
import { pulled, testDevices } from '../../tests/helpers/tracker-device';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-8000-0000000000aa';

const openDevice = testDevices(HEALTH);

const sync = pulled;
const at = sync(0).updated_at;
const ids = {
  policy: crypto.randomUUID(),
  person: crypto.randomUUID(),
  payment: crypto.randomUUID(),
  document: crypto.randomUUID(),
  type: crypto.randomUUID(),
  share: crypto.randomUUID(),
};

function share(recipient: string, fields: Partial<PolicyShare> = {}): PolicyShare {
  return {
    id: ids.share,
    owner_id: OWNER,
    owner_name: 'Priya',
    owner_email: 'priya@example.com',
    recipient_id: recipient,
    recipient_name: null,
    recipient_email: null,
    policy_id: ids.policy,
    policy_label: 'Star Health · SH-9',
    role: 'viewer',
    reminders_enabled: false,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

/** A pull page bringing Priya's shared policy with its person, link, payment and document. */
function sharedPage(recipient: string): SyncPullResponse {
  return {
    changes: [
      {
        table: 'policies',
        server_seq: 11,
        row: {
          id: ids.policy,
          user_id: OWNER,
          policy_type_id: ids.type,
          insurer_name: 'Star Health',
          policy_number: 'SH-9',
          product_name: 'Family Optima',
          start_date: '2024-01-31',
          next_renewal_date: '2026-12-31',
          renewal_frequency: 'yearly',
          sum_insured: 500000,
          premium_amount: 18500,
          additional_details: null,
          updated_by: OWNER,
          ...sync(11),
        },
      },
      {
        table: 'people',
        server_seq: 12,
        row: { id: ids.person, user_id: OWNER, name: 'Asha', relationship: 'Mother', ...sync(12) },
      },
      {
        table: 'policy_members',
        server_seq: 13,
        row: { policy_id: ids.policy, person_id: ids.person, user_id: OWNER, ...sync(13) },
      },
      {
        table: 'payments',
        server_seq: 14,
        row: {
          id: ids.payment,
          user_id: OWNER,
          policy_id: ids.policy,
          amount: 18500,
          paid_on: '2025-12-20',
          mode: 'upi',
          reference: null,
          ...sync(14),
        },
      },
      {
        table: 'policy_documents',
        server_seq: 15,
        row: {
          id: ids.document,
          user_id: OWNER,
          policy_id: ids.policy,
          name: 'E-card.pdf',
          mime_type: 'application/pdf',
          size: 12,
          storage_path: `${OWNER}/${ids.policy}/${ids.document}`,
          ...sync(15),
        },
      },
    ],
    cursor: 15,
    has_more: false,
    global_policy_types: [{ id: HEALTH, name: 'Health', icon: 'heart', user_id: null, ...sync(1) }],
    shares: [share(recipient)],
    shared_policies: [{ policy_id: ids.policy, owner_id: OWNER, role: 'viewer' }],
    shared_policy_types: [
      { id: ids.type, name: 'Family floater', icon: null, user_id: OWNER, ...sync(3) },
    ],
  };
}

const setup = () => openDevice({ members: [{ name: 'Ravi', relationship: 'Spouse' }] });

describe('policies shared with the user, on the device', () => {
  it('keeps another owner’s shared policy with its rows, known as shared and whose', async () => {
    const { db, userId, own } = await setup();
    await applyPullPage(db, userId, sharedPage(userId), at);

    const policies = await readPolicies(db);
    expect(policies.map((p) => [p.policy_number, p.shared?.owner_label ?? null])).toEqual(
      expect.arrayContaining([
        ['SH-9', 'Priya'],
        [expect.any(String), null],
      ]),
    );
    const shared = policies.find((p) => p.id === ids.policy);
    expect(shared).toMatchObject({
      user_id: OWNER,
      type: { name: 'Family floater' },
      members: [{ name: 'Asha', relationship: 'Mother' }],
      shared: { owner_id: OWNER, role: 'viewer', share_ids: [ids.share], reminders_enabled: false },
    });
    expect(policies.find((p) => p.id === own)?.shared).toBeNull();
    expect(await db.payments.get(ids.payment)).toMatchObject({ amount: 18500 });
    expect(await db.policyDocuments.get(ids.document)).toMatchObject({ name: 'E-card.pdf' });
    // The owner's people and types show with their policy, never in the user's own pickers.
    expect((await readPeople(db)).map((p) => p.name)).toEqual(['Ravi']);
    expect((await readPolicyTypes(db)).map((t) => t.name)).toEqual(['Health']);
    // The outlook and export count the user's own policies and payments only.
    expect((await readOwnPolicies(db)).map((p) => p.id)).toEqual([own]);
    expect(await readAllPayments(db)).toEqual([]);
  });

  it('says reminders are on for a shared policy the lists do not name yet, as its shares say', async () => {
    const { db, userId } = await setup();
    await applyPullPage(db, userId, sharedPage(userId), at);
    await db.sharedPolicies.clear();
    await db.shares.put(share(userId, { reminders_enabled: true }));
    const policy = (await readPolicies(db)).find((p) => p.id === ids.policy);
    // The same rule as the header's count and the worker's reminders (remindsAbout).
    expect(policy?.shared).toMatchObject({ owner_id: OWNER, reminders_enabled: true });
  });

  it('removes a policy no longer shared with everything about it, and keeps the user’s own', async () => {
    const { db, userId, own } = await setup();
    await applyPullPage(db, userId, sharedPage(userId), at);
    await db.documentFiles.put({
      id: ids.document,
      policy_id: ids.policy,
      blob: new Blob(['%PDF-1.4 ecard']),
      upload: 'done',
      attempts: 0,
      retry_at: null,
      stored_at: at,
    });
    // A queued payment the user recorded as an editor before the revoke reached the device.
    const queued = crypto.randomUUID();
    await db.outbox.add({
      op_id: crypto.randomUUID(),
      seq: 1000,
      created_at: at,
      user_id: userId,
      table: 'payments',
      kind: 'upsert',
      record_id: queued,
      row: { id: queued, policy_id: ids.policy, amount: 100, paid_on: '2026-11-20' },
      status: 'pending',
      attempts: 0,
    });

    await applyPullPage(
      db,
      userId,
      {
        ...sharedPage(userId),
        changes: [],
        shares: [],
        shared_policies: [],
        shared_policy_types: [],
      },
      at,
    );

    expect(await db.policies.get(ids.policy)).toBeUndefined();
    expect(await db.policyMembers.where('policy_id').equals(ids.policy).count()).toBe(0);
    expect(await db.people.get(ids.person)).toBeUndefined();
    expect(await db.payments.get(ids.payment)).toBeUndefined();
    expect(await db.policyDocuments.get(ids.document)).toBeUndefined();
    expect(await db.documentFiles.get(ids.document)).toBeUndefined();
    expect(await db.policyTypes.get(ids.type)).toBeUndefined();
    expect(await db.serverRows.get(serverRowKey('policies', ids.policy))).toBeUndefined();
    expect((await db.outbox.toArray()).filter((op) => op.row.policy_id === ids.policy)).toEqual([]);
    expect(await db.shares.count()).toBe(0);
    // The user's own policy, person and queued ops are untouched.
    expect((await readPolicies(db)).map((p) => p.id)).toEqual([own]);
    expect((await readPeople(db)).map((p) => p.name)).toEqual(['Ravi']);
    expect(await db.outbox.where('[table+record_id]').equals(['policies', own]).count()).toBe(1);
  });

  it('finds other owners’ copies whichever side of the user’s id theirs sort', async () => {
    const { db, userId, own } = await setup();
    const mine = await db.policies.get(own);
    const person = (await db.people.toArray())[0];
    if (!mine || !person) throw new Error('setup saved no policy or person');
    // The lowest and the highest ids there are: one sorts before any user's, one after.
    const owners = ['00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff'];
    const strays = owners.map((owner) => ({ id: crypto.randomUUID(), owner }));
    for (const { id, owner } of strays) {
      await db.policies.put({ ...mine, id, user_id: owner });
      await db.people.put({ ...person, id, user_id: owner });
    }

    await applyPullPage(
      db,
      userId,
      { ...sharedPage(userId), changes: [], shares: [], shared_policies: [] },
      at,
    );

    expect((await db.policies.toArray()).map((p) => p.id)).toEqual([own]);
    expect((await db.people.toArray()).map((p) => p.id)).toEqual([person.id]);
  });
});

describe('a pull page that brings nothing new', () => {
  /** Every value a live read of the dashboard's list gives, as the dashboard follows it. */
  function follow(db: TrackerDb) {
    const seen: PolicyView[][] = [];
    const subscription = liveQuery(() => readPolicies(db)).subscribe((value) => seen.push(value));
    const latest = () => seen.at(-1)?.find((p) => p.id === ids.policy);
    return { seen, latest, stop: () => subscription.unsubscribe() };
  }
  const page = (userId: string, fields: Partial<SyncPullResponse> = {}) => ({
    ...sharedPage(userId),
    changes: [],
    ...fields,
  });

  it('leaves the dashboard’s list unread: the same lists and types write nothing', async () => {
    const { db, userId } = await setup();
    await applyPullPage(db, userId, sharedPage(userId), at);
    const list = follow(db);
    await waitFor(() => expect(list.seen).toHaveLength(1));

    // What every later pull page carries: the same complete lists, no changes.
    await applyPullPage(db, userId, page(userId), at);
    // Then a page that changes what a card shows: once it is in, the list was read once more.
    const remind = [share(userId, { reminders_enabled: true })];
    await applyPullPage(db, userId, page(userId, { shares: remind }), at);
    await waitFor(() => expect(list.latest()?.shared?.reminders_enabled).toBe(true));
    list.stop();
    // Each read is every policy again, and each new list redraws every card.
    expect(list.seen).toHaveLength(2);
  });

  it('still shows what changed in the lists: a type’s name, a share ended', async () => {
    const { db, userId } = await setup();
    await applyPullPage(db, userId, sharedPage(userId), at);
    const list = follow(db);
    await waitFor(() => expect(list.latest()?.type?.name).toBe('Family floater'));

    const renamed = [
      { id: ids.type, name: 'Family health', icon: null, user_id: OWNER, ...sync(4) },
    ];
    await applyPullPage(db, userId, page(userId, { shared_policy_types: renamed }), at);
    await waitFor(() => expect(list.latest()?.type?.name).toBe('Family health'));

    await applyPullPage(db, userId, page(userId, { shares: [], shared_policies: [] }), at);
    await waitFor(() => expect(list.seen.at(-1)?.map((p) => p.id)).not.toContain(ids.policy));
    list.stop();
    expect(await db.shares.count()).toBe(0);
    expect(await db.sharedPolicies.count()).toBe(0);
  });

  it('stores the last of two rows the lists give one key, as before, and then writes nothing', async () => {
    const { db, userId } = await setup();
    const twice = [share(userId), share(userId, { role: 'editor' })];
    for (let i = 0; i < 2; i += 1) {
      await applyPullPage(db, userId, page(userId, { shares: twice }), at);
      expect((await db.shares.toArray()).map((s) => s.role)).toEqual(['editor']);
    }
  });
});

describe('an editor’s edit of a shared policy', () => {
  it('sends the changed fields only and leaves the owner’s members as they are', async () => {
    const { db, userId, repo } = await setup();
    await applyPullPage(
      db,
      userId,
      {
        ...sharedPage(userId),
        shared_policies: [{ policy_id: ids.policy, owner_id: OWNER, role: 'editor' }],
      },
      at,
    );
    await db.outbox.clear();
    const [view] = (await readPolicies(db)).filter((p) => p.id === ids.policy);
    if (!view) throw new Error('the shared policy is missing');
    const { shared: _s, type: _t, members: _m, sync: _y, failedOps: _f, ...row } = view;
    await repo.savePolicy({
      ...row,
      policy_type_id: ids.type,
      premium_amount: 21000,
      // What the form sends back; the members are the owner's to change.
      members: [{ name: 'Someone else', relationship: 'Friend' }],
    });
    const ops = await db.outbox.toArray();
    expect(ops.map((op) => [op.table, op.kind, op.row])).toEqual([
      ['policies', 'upsert', { id: ids.policy, premium_amount: 21000 }],
    ]);
    expect((await readPolicies(db)).find((p) => p.id === ids.policy)?.members).toEqual([
      { person_id: ids.person, name: 'Asha', relationship: 'Mother' },
    ]);
  });
});

describe('sharedPolicyInfo', () => {
  it('names the owner (else their address), prefers the policy’s own share and ORs reminders', () => {
    const recipient = crypto.randomUUID();
    const all = share(recipient, {
      id: crypto.randomUUID(),
      policy_id: null,
      owner_name: null,
      reminders_enabled: true,
    });
    const info = sharedPolicyInfo(
      [{ policy_id: ids.policy, owner_id: OWNER, role: 'editor' }],
      [all, share(recipient, { owner_name: null })],
    );
    expect(info.get(ids.policy)).toEqual({
      owner_id: OWNER,
      owner_label: 'priya@example.com',
      role: 'editor',
      share_ids: [ids.share, all.id],
      reminders_enabled: true,
    });
  });
});
