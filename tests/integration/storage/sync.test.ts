// Document rows and the policy's new contact fields through sync_push / sync_pull (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set): the RPC rules, and the app's engine storing what
// it pulls on a second device.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { createActors, idOf, uuid } from '../rls/actors';
import type { Actors } from '../rls/actors';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  signUpUser,
  type Device,
} from '../sync/harness';
import {
  addDocument,
  addPolicy,
  deleteOp,
  documentsServer,
  newPolicy,
  pull,
  push,
  upsertOp,
} from './fixtures';

const contacts = {
  nominee_name: 'Ravi Kumar',
  claim_helpline: '1800-425-2255',
  tpa_name: 'Medi Assist',
  tpa_helpline: '+91 80 4030 1234',
  agent_name: 'Sunita Rao',
  agent_phone: '98765 43210',
};

forEachDatabase('policy documents and contact fields through sync', documentsServer, (ctx) => {
  let actors: Actors;
  beforeAll(async () => {
    actors = await createActors(ctx);
  });

  describe('the RPCs', () => {
    it('round-trips the contact fields and refuses values too long or not a phone number', async () => {
      const policy = newPolicy(contacts);
      const [saved] = await push(actors.userA.client, [upsertOp('policies', policy)]);
      expect(saved).toMatchObject({ status: 'applied', row: contacts });
      const pulled = await pull(actors.userA.client);
      expect(pulled.changes.find((c) => c.row.id === policy.id)?.row).toMatchObject(contacts);

      const refused = await push(actors.userA.client, [
        upsertOp('policies', { id: policy.id, nominee_name: 'N'.repeat(101) }),
        upsertOp('policies', { id: policy.id, tpa_name: 'T'.repeat(121) }),
        upsertOp('policies', { id: policy.id, agent_name: 'A'.repeat(101) }),
        upsertOp('policies', { id: policy.id, claim_helpline: '1'.repeat(21) }),
        upsertOp('policies', { id: policy.id, tpa_helpline: 'call us' }),
        upsertOp('policies', { id: policy.id, agent_phone: '98765--43210' }),
        upsertOp('policies', { id: policy.id, agent_phone: '+91 98765 43211' }),
      ]);
      expect(refused.map((r) => r.status)).toEqual([
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'applied',
      ]);
      expect(refused[0]?.message).toContain('policies_nominee_name_length');
      expect(refused[4]?.message).toContain('policies_tpa_helpline_format');
      expect(refused.slice(0, 6).every((r) => r.code === '23514')).toBe(true);
    });

    it('creates, renames and deletes a document; its policy, type and size stay fixed', async () => {
      const a = idOf(actors.userA);
      const policyId = await addPolicy(actors.userA.client);
      const doc = await addDocument(actors.userA.client, a, policyId, { size: 2048 });
      const [renamed] = await push(actors.userA.client, [
        upsertOp('policy_documents', {
          id: doc.id,
          name: 'Hospital e-card',
          size: 1,
          mime_type: 'image/png',
          policy_id: await addPolicy(actors.userA.client),
        }),
      ]);
      expect(renamed?.row).toMatchObject({
        name: 'Hospital e-card',
        size: 2048,
        mime_type: 'application/pdf',
        policy_id: policyId,
        storage_path: doc.path,
      });
      const direct = await actors.userA.client
        .from('policy_documents')
        .update({ size: 5 })
        .eq('id', doc.id);
      expect(direct.error?.message).toBe('Only the name of a document can be changed');

      const before = await pull(actors.userA.client);
      await push(actors.userA.client, [deleteOp('policy_documents', doc.id)]);
      const after = await pull(actors.userA.client, before.cursor);
      expect(after.changes).toEqual([
        expect.objectContaining({
          table: 'policy_documents',
          row: expect.objectContaining({ id: doc.id, deleted_at: expect.any(String) }),
        }),
      ]);
    });

    it('a document added offline to a policy deleted elsewhere is dropped, not refused', async () => {
      const policyId = await addPolicy(actors.userA.client);
      await push(actors.userA.client, [deleteOp('policies', policyId)]);
      const [late] = await push(actors.userA.client, [
        upsertOp('policy_documents', {
          id: uuid(),
          policy_id: policyId,
          name: 'Late.pdf',
          mime_type: 'application/pdf',
          size: 10,
        }),
      ]);
      expect(late).toMatchObject({ status: 'applied', code: 'ignored_deleted' });
    });

    it('nobody attaches a document to another user’s policy, and nobody else pulls one', async () => {
      const policyId = await addPolicy(actors.userA.client);
      await addDocument(actors.userA.client, idOf(actors.userA), policyId);
      const [stranger] = await push(actors.userB.client, [
        upsertOp('policy_documents', {
          id: uuid(),
          policy_id: policyId,
          name: 'Mine now.pdf',
          mime_type: 'application/pdf',
          size: 10,
        }),
      ]);
      expect(stranger).toMatchObject({ status: 'rejected', code: '42501' });
      for (const other of [actors.userB, actors.admin]) {
        const pulled = await pull(other.client);
        expect(pulled.changes.filter((c) => c.table === 'policy_documents')).toEqual([]);
        const read = await other.client.from('policy_documents').select('id');
        expect(read.data).toEqual([]);
      }
    });
  });

  describe('the app’s sync engine', () => {
    const devices: Device[] = [];
    afterEach(() => {
      for (const d of devices.splice(0)) closeDevice(d);
    });

    it('brings contact fields and documents to a second device, and their deletion', async () => {
      const user = await signUpUser(ctx.server);
      const phone = await createDevice(ctx.server, user, 'phone');
      const laptop = await createDevice(ctx.server, user, 'laptop');
      devices.push(phone, laptop);

      const policyId = await phone.repo.savePolicy(policyInput(contacts));
      await flushUntilIdle(phone);
      const doc = await addDocument(phone.client, user.id, policyId, {
        name: 'Policy schedule.pdf',
      });

      await flushUntilIdle(laptop);
      expect(await laptop.db.policies.get(policyId)).toMatchObject(contacts);
      expect(await laptop.db.policyDocuments.get(doc.id)).toMatchObject({
        policy_id: policyId,
        name: 'Policy schedule.pdf',
        mime_type: 'application/pdf',
        storage_path: doc.path,
        deleted_at: null,
      });

      // An edit from a form that does not know the contact fields leaves them alone.
      await laptop.repo.savePolicy({ ...policyInput({ premium_amount: 16000 }), id: policyId });
      await flushUntilIdle(laptop);
      await flushUntilIdle(phone);
      expect(await phone.db.policies.get(policyId)).toMatchObject({
        ...contacts,
        premium_amount: 16000,
      });

      await phone.repo.deletePolicy(policyId);
      await flushUntilIdle(phone);
      await flushUntilIdle(laptop);
      expect(await laptop.db.policyDocuments.get(doc.id)).toBeUndefined();
    });
  });
});
