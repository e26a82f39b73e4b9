// Shared policies through sync_push / sync_pull (issue 18) as real users on the local server,
// PGlite and PostgreSQL: the recipient pulls exactly the shared policy's rows (also when their
// cursor was past them), a viewer's queued edits are refused for good with SH101 and change
// nothing, an editor's edit, renewal, payment and rename apply and reach the owner's pull
// naming them, deletes are the owner's (SH102), and after a revoke the next pull no longer
// lists the policy and the server refuses it (SH103).
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { idOf, uuid } from '../rls/actors';
import type { Actor } from '../rls/actors';
import { readAsOwner } from '../rls/fixtures';
import type { SyncOp, SyncPullResponse } from '../../../src/domain/schemas';
import {
  addDocument,
  addPolicy,
  deleteOp,
  documentsServer,
  newPolicy,
  pull,
  push,
  upsertOp,
} from '../storage/fixtures';
import { call, share, signUpActor } from './fixtures';

const idsOf = (page: SyncPullResponse, table: string): string[] =>
  page.changes
    .filter((c) => c.table === table)
    .map((c) => String(c.row.id ?? `${String(c.row.policy_id)}/${String(c.row.person_id)}`));

forEachDatabase('sync of shared policies', documentsServer, (ctx) => {
  let owner: Actor;
  let recipient: Actor;
  let stranger: Actor;
  let shared: string;
  let notShared: string;
  let personId: string;
  let paymentId: string;
  let documentId: string;
  let shareId: string;
  let cursorBeforeShare: number;

  beforeAll(async () => {
    owner = await signUpActor(ctx, 'Priya');
    recipient = await signUpActor(ctx, 'Ravi');
    stranger = await signUpActor(ctx, 'Meera');
    shared = await addPolicy(owner.client);
    notShared = await addPolicy(owner.client);
    personId = uuid();
    paymentId = uuid();
    const results = await push(owner.client, [
      upsertOp('people', { id: personId, name: 'Asha', relationship: 'Mother' }),
      upsertOp('policy_members', { policy_id: shared, person_id: personId }),
      upsertOp('payments', {
        id: paymentId,
        policy_id: shared,
        amount: 18500,
        paid_on: '2025-01-20',
        mode: 'upi',
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    documentId = (await addDocument(owner.client, idOf(owner), shared)).id;
    // The recipient has synced before the share: their cursor is past the owner's rows.
    cursorBeforeShare = (await pull(recipient.client)).cursor;
    shareId = (await share(owner, recipient, 'viewer', shared)).id;
  });

  describe('a viewer', () => {
    it('pulls the shared policy with its members, people, payments and documents, and nothing else', async () => {
      const page = await pull(recipient.client, cursorBeforeShare);
      expect(idsOf(page, 'policies')).toEqual([shared]);
      expect(idsOf(page, 'people')).toEqual([personId]);
      expect(idsOf(page, 'policy_members')).toEqual([`${shared}/${personId}`]);
      expect(idsOf(page, 'payments')).toEqual([paymentId]);
      expect(idsOf(page, 'policy_documents')).toEqual([documentId]);
      expect(page.changes.every((c) => c.row.user_id === idOf(owner))).toBe(true);
      expect(page.shared_policies).toEqual([
        { policy_id: shared, owner_id: idOf(owner), role: 'viewer' },
      ]);
      expect(page.shares).toMatchObject([
        { id: shareId, owner_name: 'Priya', owner_email: owner.email, role: 'viewer' },
      ]);
      const strangers = await pull(stranger.client);
      expect(strangers.changes).toEqual([]);
      expect(strangers.shared_policies).toEqual([]);
    });

    it('has every queued change refused for good with SH101, and nothing changes', async () => {
      const before = await readAsOwner(ctx.server, 'policies', { id: shared });
      const payment = await readAsOwner(ctx.server, 'payments', { id: paymentId });
      const ops: SyncOp[] = [
        upsertOp('policies', { id: shared, premium_amount: 1 }),
        { op_id: uuid(), table: 'policies', kind: 'renew', id: shared, renewed_from: '2025-01-31' },
        upsertOp('payments', { id: paymentId, amount: 1 }),
        upsertOp('payments', { id: uuid(), policy_id: shared, amount: 5, paid_on: '2025-02-01' }),
        upsertOp('policy_documents', { id: documentId, name: 'Mine.pdf' }),
        deleteOp('policies', shared),
        { op_id: uuid(), table: 'policies', kind: 'restore', id: shared },
      ];
      const results = await push(recipient.client, ops);
      for (const r of results) {
        expect(r).toMatchObject({ status: 'rejected', code: 'SH101' });
        expect(r.message).toBe(
          'Priya shared this with you to view only; your change was not saved',
        );
      }
      // Refused, not recorded: the same op ids are answered again, not as duplicates.
      const again = await push(recipient.client, ops.slice(0, 1));
      expect(again[0]?.status).toBe('rejected');
      expect(await readAsOwner(ctx.server, 'policies', { id: shared })).toEqual(before);
      expect(await readAsOwner(ctx.server, 'payments', { id: paymentId })).toEqual(payment);
    });

    it('is refused by RLS too when writing directly', async () => {
      await recipient.client.from('policies').update({ premium_amount: 2 }).eq('id', shared);
      const stored = await readAsOwner(ctx.server, 'policies', { id: shared });
      expect(stored?.premium_amount).not.toBe(2);
    });
  });

  describe('an editor', () => {
    beforeAll(async () => {
      const { error } = await call(owner.client, 'change_share_role', {
        p_share_id: shareId,
        p_role: 'editor',
      });
      expect(error).toBeNull();
    });

    it('edits, renews, records and edits payments and renames documents; the owner pulls them', async () => {
      const { cursor } = await pull(owner.client);
      const newPayment = uuid();
      const results = await push(recipient.client, [
        upsertOp('policies', { id: shared, premium_amount: 21000 }),
        { op_id: uuid(), table: 'policies', kind: 'renew', id: shared, renewed_from: '2025-01-31' },
        upsertOp('payments', {
          id: newPayment,
          policy_id: shared,
          amount: 21000,
          paid_on: '2025-01-30',
        }),
        upsertOp('payments', { id: paymentId, reference: 'UPI-123' }),
        upsertOp('policy_documents', { id: documentId, name: 'Renewal notice.pdf' }),
      ]);
      expect(results.map((r) => [r.status, r.code])).toEqual(Array(5).fill(['applied', null]));

      const ownerPage = await pull(owner.client, cursor);
      const policy = ownerPage.changes.find((c) => c.table === 'policies' && c.row.id === shared);
      expect(policy?.row).toMatchObject({
        premium_amount: 21000,
        next_renewal_date: '2026-01-31',
        user_id: idOf(owner),
        updated_by: idOf(recipient),
      });
      const payment = ownerPage.changes.find((c) => c.row.id === newPayment);
      expect(payment?.row).toMatchObject({ user_id: idOf(owner), updated_by: idOf(recipient) });
      expect(idsOf(ownerPage, 'policy_documents')).toEqual([documentId]);
    });

    it('cannot delete, restore, add members or documents (SH102), and the rows stay', async () => {
      const ops: SyncOp[] = [
        deleteOp('policies', shared),
        deleteOp('payments', paymentId),
        deleteOp('policy_documents', documentId),
        { op_id: uuid(), table: 'policies', kind: 'restore', id: shared },
        upsertOp('policy_members', { policy_id: shared, person_id: uuid() }),
        {
          op_id: uuid(),
          table: 'policy_members',
          kind: 'delete',
          row: { policy_id: shared, person_id: personId },
        },
        upsertOp('people', { id: personId, relationship: 'Aunt' }),
        upsertOp('policy_documents', {
          id: uuid(),
          policy_id: shared,
          name: 'x.pdf',
          mime_type: 'application/pdf',
          size: 10,
        }),
      ];
      const results = await push(recipient.client, ops);
      expect(results.map((r) => r.code)).toEqual(Array(ops.length).fill('SH102'));
      expect(results[0]?.message).toBe('Only Priya can delete this; it is their policy');
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      expect((await readAsOwner(ctx.server, 'policies', { id: shared }))?.deleted_at).toBeNull();
      expect((await readAsOwner(ctx.server, 'payments', { id: paymentId }))?.deleted_at).toBeNull();
      expect((await readAsOwner(ctx.server, 'people', { id: personId }))?.relationship).toBe(
        'Mother',
      );
    });

    it('may create a type of their own but not give the shared policy one: the save is refused', async () => {
      const before = await readAsOwner(ctx.server, 'policies', { id: shared });
      const typeId = uuid();
      const results = await push(recipient.client, [
        upsertOp('policy_types', { id: typeId, name: 'Pet Insurance', icon: 'PawPrint' }),
        upsertOp('policies', { id: shared, policy_type_id: typeId }),
      ]);
      expect(results[0]).toMatchObject({ status: 'applied' });
      expect(results[1]?.status).toBe('rejected');
      expect((await readAsOwner(ctx.server, 'policies', { id: shared }))?.policy_type_id).toBe(
        before?.policy_type_id,
      );
    });

    it('cannot hand the policy to anyone or delete it by a direct update', async () => {
      await recipient.client
        .from('policies')
        .update({ user_id: idOf(recipient) })
        .eq('id', shared);
      await recipient.client
        .from('policies')
        .update({ deleted_at: new Date().toISOString() })
        .eq('id', shared);
      const stored = await readAsOwner(ctx.server, 'policies', { id: shared });
      expect(stored).toMatchObject({ user_id: idOf(owner), deleted_at: null });
    });

    it('never reaches the policies that are not shared, and is told no more than a stranger', async () => {
      const op = (): SyncOp => upsertOp('policies', { id: notShared, premium_amount: 1 });
      const [asEditor] = await push(recipient.client, [op()]);
      const [asStranger] = await push(stranger.client, [op()]);
      expect(asEditor?.status).toBe('rejected');
      expect(asEditor && { ...asEditor, op_id: null }).toEqual(
        asStranger && { ...asStranger, op_id: null },
      );
      expect(
        (await readAsOwner(ctx.server, 'policies', { id: notShared }))?.premium_amount,
      ).not.toBe(1);
    });
  });

  describe('all policies', () => {
    it('includes a policy the owner adds later', async () => {
      const family = await signUpActor(ctx, 'Kabir');
      await share(owner, family, 'viewer');
      const { cursor } = await pull(family.client);
      const later = newPolicy();
      await push(owner.client, [upsertOp('policies', later)]);
      const page = await pull(family.client, cursor);
      expect(idsOf(page, 'policies')).toEqual([String(later.id)]);
      expect(page.shared_policies.map((p) => p.policy_id).sort()).toEqual(
        [shared, notShared, String(later.id)].sort(),
      );
    });
  });

  describe('after a revoke', () => {
    it('the next pull no longer lists the policy, and the server refuses it at once', async () => {
      const { cursor } = await pull(recipient.client);
      const { error } = await call(owner.client, 'revoke_share', { p_share_id: shareId });
      expect(error).toBeNull();
      const page = await pull(recipient.client, cursor);
      expect(page.shared_policies).toEqual([]);
      expect(page.shares).toEqual([]);
      expect(page.changes).toEqual([]);
      // The device sees a policy of another owner it holds is not listed: it deletes it.
      const direct = await recipient.client.from('policies').select('id').eq('id', shared);
      expect(direct.data).toEqual([]);
      const payments = await recipient.client.from('payments').select('id').eq('policy_id', shared);
      expect(payments.data).toEqual([]);
      const results = await push(recipient.client, [
        upsertOp('policies', { id: shared, premium_amount: 3 }),
      ]);
      expect(results[0]).toMatchObject({
        status: 'rejected',
        code: 'SH103',
        message: 'This policy is not shared with you any more; your change was not saved',
      });
    });
  });
});
