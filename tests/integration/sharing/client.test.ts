// The recipient's device with shared policies (issue 18), the app's own sync engine against
// the local server on PGlite and PostgreSQL: the shared policy lands on the device known as
// shared (owner's name, role); a viewer's queued edit is refused for good, shown, and the row
// goes back to the owner's values; after a revoke the next sync removes the policy with its
// document's file and everything queued about it.
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { readFailedChanges, readPolicies, readPolicy } from '../../../src/sync';
import { addDocument, documentsServer } from '../storage/fixtures';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  type Device,
  type TestUser,
} from '../sync/harness';
import { call, invite } from './fixtures';

forEachDatabase('a recipient’s device', documentsServer, (ctx) => {
  let owner: Device;
  let recipient: Device;
  let policyId: string;
  let documentId: string;
  let shareId: string;

  async function account(name: string): Promise<TestUser> {
    const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { data, error } = await ctx.anon().auth.signUp({
      email,
      password: 'secret1',
      options: { data: { full_name: name } },
    });
    if (error || !data.user) throw new Error(`sign up failed: ${error?.message}`);
    return { email, password: 'secret1', id: data.user.id };
  }

  beforeAll(async () => {
    vi.stubGlobal('Blob', NodeBlob);
    owner = await createDevice(ctx.server, await account('Priya'), 'owner');
    recipient = await createDevice(ctx.server, await account('Ravi'), 'recipient');
    policyId = await owner.repo.savePolicy(
      policyInput({ policy_number: 'SH-77', members: [{ name: 'Asha', relationship: 'Mother' }] }),
    );
    await recipient.repo.savePolicy(policyInput({ policy_number: 'OWN-1' }));
    await flushUntilIdle(owner);
    await flushUntilIdle(recipient);
    documentId = (await addDocument(owner.client, owner.user.id, policyId)).id;
    const { token } = await invite(owner.client, recipient.user.email, 'viewer', policyId);
    const accepted = await call(recipient.client, 'accept_share_invitation', { p_token: token });
    expect(accepted.error).toBeNull();
    shareId = String((accepted.data as { id: string }).id);
  });

  afterAll(() => {
    closeDevice(owner);
    closeDevice(recipient);
    vi.unstubAllGlobals();
  });

  it('keeps the shared policy beside its own, marked with its owner and role', async () => {
    await flushUntilIdle(recipient);
    const policies = await readPolicies(recipient.db);
    expect(policies.map((p) => [p.policy_number, p.shared?.owner_label ?? null])).toEqual(
      expect.arrayContaining([
        ['SH-77', 'Priya'],
        ['OWN-1', null],
      ]),
    );
    const shared = await readPolicy(recipient.db, policyId);
    expect(shared).toMatchObject({
      user_id: owner.user.id,
      members: [{ name: 'Asha', relationship: 'Mother' }],
      shared: { role: 'viewer', share_ids: [shareId], reminders_enabled: false },
    });
    expect(await recipient.db.policyDocuments.get(documentId)).toMatchObject({
      policy_id: policyId,
    });
  });

  it('shows a viewer’s edit refused (SH101) and puts the owner’s value back', async () => {
    const before = await readPolicy(recipient.db, policyId);
    if (!before) throw new Error('the shared policy is missing');
    const {
      shared: _shared,
      type: _type,
      members,
      sync: _sync,
      failedOps: _failed,
      ...row
    } = before;
    await recipient.repo.savePolicy({
      ...row,
      policy_type_id: row.policy_type_id ?? '',
      premium_amount: 1,
      members: members.map((m) => ({ name: m.name, relationship: m.relationship })),
    });
    await recipient.engine.flush();

    const failed = await readFailedChanges(recipient.db);
    expect(failed).toEqual([
      expect.objectContaining({ policy_id: policyId, code: 'SH101', kind: 'upsert' }),
    ]);
    expect(failed[0]?.message).toMatch(/view only/);
    expect((await readPolicy(recipient.db, policyId))?.premium_amount).toBe(before.premium_amount);
    // A later pull does not bring the refused value back either.
    await recipient.engine.flush();
    expect((await readPolicy(recipient.db, policyId))?.premium_amount).toBe(before.premium_amount);
  });

  it('removes the policy, its rows, its document file and its queued work after a revoke', async () => {
    await recipient.db.documentFiles.put({
      id: documentId,
      policy_id: policyId,
      blob: new Blob(['%PDF-1.4 opened once']),
      upload: 'done',
      attempts: 0,
      retry_at: null,
      stored_at: new Date().toISOString(),
    });
    const revoked = await call(owner.client, 'revoke_share', { p_share_id: shareId });
    expect(revoked.error).toBeNull();

    await recipient.engine.flush();
    expect(await readPolicy(recipient.db, policyId)).toBeUndefined();
    expect((await readPolicies(recipient.db)).map((p) => p.policy_number)).toEqual(['OWN-1']);
    expect(await recipient.db.policyMembers.where('policy_id').equals(policyId).count()).toBe(0);
    expect(await recipient.db.policyDocuments.get(documentId)).toBeUndefined();
    expect(await recipient.db.documentFiles.get(documentId)).toBeUndefined();
    expect((await recipient.db.people.toArray()).map((p) => p.user_id)).not.toContain(
      owner.user.id,
    );
    expect(await readFailedChanges(recipient.db)).toEqual([]);
    expect(await recipient.db.shares.count()).toBe(0);
  });
});
