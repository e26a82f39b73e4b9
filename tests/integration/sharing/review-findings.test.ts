// Findings of the second sharing review (issue 18), the client with the real server: each
// failed before its fix.
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { readFailedChanges, readPolicy, readSharingEndedNotices } from '../../../src/sync';
import { documentUploadOptions } from '../../../src/sync/files';
import { addDocument, BUCKET, documentsServer, pdfBytes } from '../storage/fixtures';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  type Device,
  type TestUser,
} from '../sync/harness';
import { call, invite } from './fixtures';

forEachDatabase('sharing review findings', documentsServer, (ctx) => {
  const devices: Device[] = [];

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

  async function device(name: string): Promise<Device> {
    const d = await createDevice(ctx.server, await account(name), name);
    devices.push(d);
    return d;
  }

  async function shareWith(
    owner: Device,
    recipient: Device,
    role: 'viewer' | 'editor',
    policyId: string | null,
  ): Promise<string> {
    const { token } = await invite(owner.client, recipient.user.email, role, policyId);
    const accepted = await call(recipient.client, 'accept_share_invitation', { p_token: token });
    if (accepted.error) throw new Error(`accept: ${accepted.error.code} ${accepted.error.message}`);
    return String((accepted.data as { id: string }).id);
  }

  beforeAll(() => {
    vi.stubGlobal('Blob', NodeBlob);
  });

  afterAll(() => {
    for (const d of devices) closeDevice(d);
    vi.unstubAllGlobals();
  });

  it('F1: revoke, owner deletes a document and a payment, re-share while the device is offline: the device must not keep them', async () => {
    const owner = await device('Priya');
    const recipient = await device('Ravi');
    const policyId = await owner.repo.savePolicy(policyInput({ policy_number: 'GAP-1' }));
    await owner.repo.addPayment({ policy_id: policyId, amount: 1200, paid_on: '2026-01-05' });
    await flushUntilIdle(owner);
    const doc = await addDocument(owner.client, owner.user.id, policyId, { name: 'Old ID.pdf' });
    const shareId = await shareWith(owner, recipient, 'viewer', policyId);

    await flushUntilIdle(recipient);
    const [payment] = await recipient.db.payments.where('policy_id').equals(policyId).toArray();
    if (!payment) throw new Error('the shared payment did not reach the recipient');
    expect(await recipient.db.policyDocuments.get(doc.id)).toBeDefined();
    // The recipient opened the document once: its file is kept for offline.
    await recipient.db.documentFiles.put({
      id: doc.id,
      policy_id: policyId,
      blob: new Blob(['%PDF-1.4 sensitive']),
      upload: 'done',
      attempts: 0,
      retry_at: null,
      stored_at: new Date().toISOString(),
    });

    // The recipient's phone is offline from here. The owner revokes, deletes the document
    // and the payment, and later shares the policy again.
    expect((await call(owner.client, 'revoke_share', { p_share_id: shareId })).error).toBeNull();
    const del = await owner.client.from('policy_documents').delete().eq('id', doc.id);
    expect(del.error).toBeNull();
    await owner.repo.deletePayment(payment.id);
    await flushUntilIdle(owner);
    await new Promise((r) => setTimeout(r, 20));
    await shareWith(owner, recipient, 'viewer', policyId);

    // The server refuses the deleted document to the recipient…
    const direct = await recipient.client.from('policy_documents').select('id').eq('id', doc.id);
    expect(direct.data).toEqual([]);
    // …the recipient's device comes online and syncs.
    await flushUntilIdle(recipient);
    const heldDoc = await recipient.db.policyDocuments.get(doc.id);
    const heldFile = await recipient.db.documentFiles.get(doc.id);
    const heldPayment = await recipient.db.payments.get(payment.id);
    expect(heldDoc === undefined || heldDoc.deleted_at !== null).toBe(true);
    expect(heldFile).toBeUndefined();
    expect(heldPayment === undefined || heldPayment.deleted_at !== null).toBe(true);
  });

  it('F2: a person the owner already had, added later to a shared policy, reaches the recipient', async () => {
    const owner = await device('Asha');
    const recipient = await device('Vikram');
    // Meera is on an unshared policy first.
    await owner.repo.savePolicy(
      policyInput({
        policy_number: 'PRIVATE-1',
        members: [{ name: 'Meera', relationship: 'Mother' }],
      }),
    );
    const sharedId = await owner.repo.savePolicy(policyInput({ policy_number: 'FAMILY-1' }));
    await flushUntilIdle(owner);
    await shareWith(owner, recipient, 'viewer', sharedId);
    await flushUntilIdle(recipient);
    expect((await readPolicy(recipient.db, sharedId))?.members).toEqual([]);

    // The owner adds Meera to the shared policy.
    await owner.repo.savePolicy({
      ...policyInput({
        policy_number: 'FAMILY-1',
        members: [{ name: 'Meera', relationship: 'Mother' }],
      }),
      id: sharedId,
    });
    await flushUntilIdle(owner);
    expect((await readPolicy(owner.db, sharedId))?.members.map((m) => m.name)).toEqual(['Meera']);

    await flushUntilIdle(recipient);
    expect((await readPolicy(recipient.db, sharedId))?.members.map((m) => m.name)).toEqual([
      'Meera',
    ]);
  });

  it('F3: an editor’s unsent renewal when the owner revokes is not dropped silently: a lasting notice counts it', async () => {
    const owner = await device('Kiran');
    const recipient = await device('Sunil');
    const policyId = await owner.repo.savePolicy(policyInput({ policy_number: 'ED-1' }));
    await flushUntilIdle(owner);
    const shareId = await shareWith(owner, recipient, 'editor', policyId);
    await flushUntilIdle(recipient);

    // Offline, the editor marks it renewed with the premium paid.
    await recipient.repo.renewPolicy(policyId, { amount: 15000, paid_on: '2026-11-20' });
    expect(await recipient.db.outbox.count()).toBe(2);
    expect((await call(owner.client, 'revoke_share', { p_share_id: shareId })).error).toBeNull();

    await recipient.engine.flush();
    // The policy is gone from the editor's device, and so is the queued work, but it says so
    // until dismissed.
    expect(await readPolicy(recipient.db, policyId)).toBeUndefined();
    expect(await recipient.db.outbox.count()).toBe(0);
    expect(await readFailedChanges(recipient.db)).toEqual([]);
    expect(await readSharingEndedNotices(recipient.db)).toEqual([
      expect.objectContaining({ policy_id: policyId, owner_name: 'Kiran', unsaved: 2 }),
    ]);
  });

  it('F4: view_share_invitation refuses an invitation to a deleted policy as accepting does', async () => {
    const owner = await device('Neha');
    const recipient = await device('Arjun');
    const policyId = await owner.repo.savePolicy(policyInput({ policy_number: 'GONE-1' }));
    await flushUntilIdle(owner);
    const { token } = await invite(owner.client, recipient.user.email, 'viewer', policyId);
    await owner.repo.deletePolicy(policyId);
    await flushUntilIdle(owner);

    const viewed = await call(recipient.client, 'view_share_invitation', { p_token: token });
    const accepted = await call(recipient.client, 'accept_share_invitation', { p_token: token });
    expect(viewed.error?.code ?? null).toBe(accepted.error?.code ?? null);
  });

  it('F5: a shared document file as the app uploads it is served not to be cached (no HTTP cache keeps it past a revoke)', async () => {
    const owner = await device('Lata');
    const recipient = await device('Mohan');
    const policyId = await owner.repo.savePolicy(policyInput({ policy_number: 'CACHE-1' }));
    await flushUntilIdle(owner);
    const doc = await addDocument(owner.client, owner.user.id, policyId);
    // As the app uploads it.
    const up = await owner.client.storage
      .from(BUCKET)
      .upload(doc.path, pdfBytes('card'), documentUploadOptions('application/pdf'));
    expect(up.error).toBeNull();
    await shareWith(owner, recipient, 'viewer', policyId);
    const session = (await recipient.client.auth.getSession()).data.session;
    const res = await fetch(`${ctx.server.url}/storage/v1/object/${BUCKET}/${doc.path}`, {
      headers: { Authorization: `Bearer ${session?.access_token}`, apikey: ctx.server.anonKey },
    });
    expect(res.headers.get('cache-control') ?? '').toMatch(/no-store|private|max-age=0|no-cache/);
  });
});
