// The sharing server against the adversarial review of issue 18 (each finding confirmed on a
// real PostgreSQL first), as real users through supabase-js on PGlite and PostgreSQL: what a
// recipient or a stranger tries past the app is refused and changes nothing of the owner's.
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { idOf, uuid } from '../rls/actors';
import type { Actor } from '../rls/actors';
import { readAsOwner } from '../rls/fixtures';
import {
  addDocument,
  addPolicy,
  BUCKET,
  deleteOp,
  documentsServer,
  pdfBytes,
  pull,
  push,
  upsertOp,
} from '../storage/fixtures';
import {
  policyAccessSchema,
  shareInvitationListSchema,
  syncPushResponseSchema,
} from '../../../src/domain/schemas';
import { call, invite, share, signUpActor } from './fixtures';

forEachDatabase('sharing hardened against the review', documentsServer, (ctx) => {
  let owner: Actor;
  let editor: Actor;
  let stranger: Actor;
  let policyId: string;
  let paymentId: string;
  let documentPath: string;
  let documentId: string;

  beforeAll(async () => {
    owner = await signUpActor(ctx, 'Priya');
    editor = await signUpActor(ctx, 'Ravi');
    stranger = await signUpActor(ctx, 'Meera');
    policyId = await addPolicy(owner.client);
    paymentId = uuid();
    const [paid] = await push(owner.client, [
      upsertOp('payments', {
        id: paymentId,
        policy_id: policyId,
        amount: 500,
        paid_on: '2025-01-20',
      }),
    ]);
    expect(paid?.status).toBe('applied');
    const doc = await addDocument(owner.client, idOf(owner), policyId);
    documentId = doc.id;
    documentPath = doc.path;
    const up = await owner.client.storage
      .from(BUCKET)
      .upload(documentPath, pdfBytes('the owner’s e-card'), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    await share(owner, editor, 'editor', policyId);
  });

  describe('an editor giving a document or a payment a new id', () => {
    it('is refused, and the owner’s file and payment stay where they were', async () => {
      const newDocumentId = uuid();
      const doc = await editor.client
        .from('policy_documents')
        .update({ id: newDocumentId })
        .eq('id', documentId);
      expect(doc.error?.code).toBe('22023');
      const newPaymentId = uuid();
      const pay = await editor.client
        .from('payments')
        .update({ id: newPaymentId })
        .eq('id', paymentId);
      expect(pay.error?.code).toBe('22023');

      expect(await readAsOwner(ctx.server, 'policy_documents', { id: documentId })).toMatchObject({
        deleted_at: null,
      });
      expect(await readAsOwner(ctx.server, 'policy_documents', { id: newDocumentId })).toBeNull();
      expect(await readAsOwner(ctx.server, 'payments', { id: paymentId })).toMatchObject({
        deleted_at: null,
      });
      expect(await readAsOwner(ctx.server, 'payments', { id: newPaymentId })).toBeNull();
      const toRemove = await ctx.server.query<{ name: string }>(
        'select name from public.policy_document_files_to_remove(1000) as name',
      );
      expect(toRemove.map((r) => r.name)).not.toContain(documentPath);
      const { data } = await owner.client.storage.from(BUCKET).download(documentPath);
      expect(await data?.text()).toContain('the owner’s e-card');
    });
  });
  describe('the helpers RLS asks, called over REST by someone nobody shared with', () => {
    it('tell them nobody’s address, no policy’s owner and no type’s owner', async () => {
      const name = await call(stranger.client, 'account_display_name', {
        p_user_id: idOf(owner),
      });
      expect(name.data).toBeNull();
      expect(name.error).not.toBeNull();
      const ownerOf = await call(stranger.client, 'policy_owner', { p_policy_id: policyId });
      expect(ownerOf.data ?? null).toBeNull();
      const typeId = uuid();
      await ctx.server.query(
        `insert into public.policy_types (id, user_id, name) values ($1, $2, 'Pet')`,
        [typeId, idOf(owner)],
      );
      const typeOf = await call(stranger.client, 'is_policy_type_for', {
        p_type_id: typeId,
        p_policy_id: policyId,
      });
      expect(typeOf.data ?? false).toBe(false);
      // The editor of the policy gets the answer the check on their update needs.
      const forEditor = await call(editor.client, 'is_policy_type_for', {
        p_type_id: typeId,
        p_policy_id: policyId,
      });
      expect(forEditor.data).toBe(true);
    });
  });
  describe('what the owner deleted', () => {
    it('is never shown to a recipient; rows deleted after the share only as the removal', async () => {
      const anil = await signUpActor(ctx, 'Anil');
      const tara = await signUpActor(ctx, 'Tara');
      const gone = await addPolicy(anil.client);
      const goneDoc = await addDocument(anil.client, idOf(anil), gone);
      await anil.client.storage
        .from(BUCKET)
        .upload(goneDoc.path, pdfBytes('deleted policy'), { contentType: 'application/pdf' });
      const live = await addPolicy(anil.client);
      const oldPayment = uuid();
      const laterPayment = uuid();
      const liveDoc = await addDocument(anil.client, idOf(anil), live);
      await anil.client.storage
        .from(BUCKET)
        .upload(liveDoc.path, pdfBytes('live policy'), { contentType: 'application/pdf' });
      const setup = await push(anil.client, [
        upsertOp('payments', { id: oldPayment, policy_id: live, amount: 1, paid_on: '2024-01-01' }),
        upsertOp('payments', {
          id: laterPayment,
          policy_id: live,
          amount: 2,
          paid_on: '2025-01-01',
        }),
        deleteOp('payments', oldPayment),
        deleteOp('policies', gone),
      ]);
      expect(setup.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
      await share(anil, tara, 'viewer');

      const first = await pull(tara.client);
      const ids = first.changes.map((c) => String(c.row.id));
      expect(ids).not.toContain(gone);
      expect(ids).not.toContain(oldPayment);
      expect(ids).toContain(laterPayment);
      expect(first.shared_policies.map((p) => p.policy_id)).toEqual([live]);
      expect((await tara.client.from('policies').select('id').eq('id', gone)).data).toEqual([]);
      expect((await tara.client.from('payments').select('id').eq('id', oldPayment)).data).toEqual(
        [],
      );
      expect((await tara.client.storage.from(BUCKET).download(goneDoc.path)).data).toBeNull();

      // Deleted after the share began: the device gets the tombstone to remove its copy.
      await push(anil.client, [deleteOp('payments', laterPayment)]);
      const second = await pull(tara.client, first.cursor);
      expect(second.changes.find((c) => c.row.id === laterPayment)?.row.deleted_at).not.toBeNull();

      await push(anil.client, [deleteOp('policy_documents', liveDoc.id)]);
      expect((await tara.client.storage.from(BUCKET).download(liveDoc.path)).data).toBeNull();
      await push(anil.client, [deleteOp('policies', live)]);
      const third = await pull(tara.client, second.cursor);
      expect(third.shared_policies).toEqual([]);
      expect(third.changes.map((c) => c.row.id)).not.toContain(live);
      expect((await tara.client.from('policies').select('id').eq('id', live)).data).toEqual([]);
    });
  });
  describe('accepting an invitation', () => {
    it('moves only the sync stamp of the owner’s rows, not who changed them or when', async () => {
      const kiran = await signUpActor(ctx, 'Kiran');
      const asha = await signUpActor(ctx, 'Asha');
      const policy = await addPolicy(kiran.client);
      const payment = uuid();
      await push(kiran.client, [
        upsertOp('payments', { id: payment, policy_id: policy, amount: 9, paid_on: '2025-03-01' }),
      ]);
      const before = {
        policy: await readAsOwner(ctx.server, 'policies', { id: policy }),
        payment: await readAsOwner(ctx.server, 'payments', { id: payment }),
      };
      expect(before.policy?.updated_by).toBe(idOf(kiran));
      await share(kiran, asha, 'editor', policy);
      for (const [table, id] of [
        ['policies', policy],
        ['payments', payment],
      ] as const) {
        const was = table === 'policies' ? before.policy : before.payment;
        const now = await readAsOwner(ctx.server, table, { id });
        expect(now).toMatchObject({
          updated_by: idOf(kiran),
          updated_at: was?.updated_at,
        });
        expect(Number(now?.server_seq)).toBeGreaterThan(Number(was?.server_seq));
      }
    });
  });
  describe('a restore naming two ids', () => {
    it('acts on the row the share check looked at', async () => {
      const mine = await addPolicy(editor.client);
      await push(editor.client, [deleteOp('policies', mine)]);
      // A forged op (the app sends a restore with its id only) naming two policies.
      const forged = {
        op_id: uuid(),
        table: 'policies',
        kind: 'restore',
        id: policyId,
        row: { id: mine },
      };
      const { data, error } = await editor.client.rpc('sync_push', { ops: [forged] });
      expect(error).toBeNull();
      const [result] = syncPushResponseSchema.parse(data);
      expect(result?.status).toBe('applied');
      expect(await readAsOwner(ctx.server, 'policies', { id: mine })).toMatchObject({
        deleted_at: null,
      });
      expect(await readAsOwner(ctx.server, 'policies', { id: policyId })).toMatchObject({
        user_id: idOf(owner),
        deleted_at: null,
      });
    });
  });
  describe('a former recipient probing the owner’s ids', () => {
    it('cannot call the share check over REST, and hears SH103 only about rows once shared', async () => {
      const direct = await call(stranger.client, 'sync_share_guard', {
        op: { table: 'policies', kind: 'upsert', row: { id: policyId } },
      });
      expect(direct.error).not.toBeNull();

      const nila = await signUpActor(ctx, 'Nila');
      const dev = await signUpActor(ctx, 'Dev');
      const once = await addPolicy(nila.client);
      const never = await addPolicy(nila.client);
      const ended = await share(nila, dev, 'viewer', once);
      expect((await call(nila.client, 'revoke_share', { p_share_id: ended.id })).error).toBeNull();

      const op = (id: string) => upsertOp('policies', { id, premium_amount: 1 });
      const [aboutOnce] = await push(dev.client, [op(once)]);
      expect(aboutOnce).toMatchObject({ status: 'rejected', code: 'SH103' });
      const [aboutNever] = await push(dev.client, [op(never)]);
      const [aboutNothing] = await push(dev.client, [op(uuid())]);
      const [strangers] = await push(stranger.client, [op(never)]);
      const answer = (r: typeof strangers) =>
        r && { status: r.status, code: r.code, message: r.message };
      expect(answer(aboutNever)).toEqual(answer(strangers));
      expect(aboutNever?.code).not.toMatch(/^SH1/);
      expect(aboutNever?.message ?? '').not.toContain('Nila');
      expect(aboutNothing?.code ?? '').not.toMatch(/^SH1/);
    });
  });
  describe('an invitation no longer waiting', () => {
    it('is no longer shown to the addressee, and its link does not tell another account the address', async () => {
      const invitee = await signUpActor(ctx, 'Sita');
      if (!invitee.email) throw new Error('no address');
      const { invitation, token } = await invite(owner.client, invitee.email, 'viewer', policyId);
      const seen = await invitee.client.from('share_invitations').select('id');
      expect(seen.data?.map((r) => r.id)).toEqual([invitation.id]);
      await call(owner.client, 'withdraw_share_invitation', { p_invitation_id: invitation.id });

      const rows = await invitee.client.from('share_invitations').select('id');
      expect(rows.data).toEqual([]);
      const list = shareInvitationListSchema.parse(
        (await call(invitee.client, 'list_share_invitations')).data,
      );
      expect(list.received).toEqual([]);
      const other = await call(stranger.client, 'accept_share_invitation', { p_token: token });
      expect(other.error?.code).toBe('SH005');
      expect(other.error?.message).not.toContain(invitee.email);
    });
  });
  describe('a revoke', () => {
    it('withdraws the owner’s invitations still waiting for that person', async () => {
      const gita = await signUpActor(ctx, 'Gita');
      if (!gita.email) throw new Error('no address');
      const granted = await share(owner, gita, 'viewer', policyId);
      const waiting = await invite(owner.client, gita.email, 'editor');
      const elsewhere = await invite(owner.client, `x-${uuid()}@example.com`, 'viewer');
      expect(
        (await call(owner.client, 'revoke_share', { p_share_id: granted.id })).error,
      ).toBeNull();

      const accept = await call(gita.client, 'accept_share_invitation', { p_token: waiting.token });
      expect(accept.error?.code).toBe('SH005');
      const access = policyAccessSchema.parse(
        (await call(owner.client, 'list_policy_access')).data,
      );
      const ids = access.invitations.map((i) => i.id);
      expect(ids).not.toContain(waiting.invitation.id);
      expect(ids).toContain(elsewhere.invitation.id);
    });
  });
});
