// Share invitations (issue 18) as real users through supabase-js on the local server, PGlite
// and PostgreSQL: every bad input refused with its own code and sentence and nothing changed,
// the invitation mail in the dev mailbox with a link that accepts, and the owner's management
// of shares (role, revoke, who has access) and the recipient's reminders switch.
import crypto from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientFor, forEachDatabase, rawFetch } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, idOf } from '../rls/actors';
import type { Actor } from '../rls/actors';
import { seedPolicyWithMember } from '../rls/fixtures';
import {
  policyAccessSchema,
  policyShareSchema,
  shareInvitationListSchema,
  shareInvitationSchema,
} from '../../../src/domain/schemas';
import { z } from 'zod';
import { call, invite, share, signUpActor } from './fixtures';

forEachDatabase(
  'share invitations',
  {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedFile: path.resolve('supabase/seed.sql'),
    siteUrl: 'http://localhost:4173',
  },
  (ctx) => {
    let owner: Actor;
    let friend: Actor;
    let other: Actor;
    let policyId: string;
    beforeAll(async () => {
      owner = await signUpActor(ctx, 'Priya');
      friend = await signUpActor(ctx, 'Ravi');
      other = await signUpActor(ctx, 'Meera');
      ({ policyId } = await seedPolicyWithMember(ctx.server, idOf(owner)));
    });

    /** Rows of both sharing tables, to show a refusal changed nothing. */
    const snapshot = async () =>
      ctx.server.query(
        `select (select coalesce(jsonb_agg(to_jsonb(i) order by i.id), '[]') from public.share_invitations i) as invitations,
                (select coalesce(jsonb_agg(to_jsonb(s) order by s.id), '[]') from public.policy_shares s) as shares`,
      );
    const email = (a: Actor): string => {
      if (!a.email) throw new Error('no address');
      return a.email;
    };

    describe('creating an invitation', () => {
      const refusals: [string, Record<string, unknown>, string, RegExp][] = [
        ['yourself', { p_email: 'SELF', p_role: 'viewer' }, 'SH001', /yourself/],
        ['an empty address', { p_email: '', p_role: 'viewer' }, 'SH002', /valid email/],
        ['no @', { p_email: 'ravi.example.com', p_role: 'viewer' }, 'SH002', /valid email/],
        ['no domain dot', { p_email: 'ravi@example', p_role: 'viewer' }, 'SH002', /valid email/],
        ['a space', { p_email: 'ravi k@example.com', p_role: 'viewer' }, 'SH002', /valid email/],
        ['two addresses', { p_email: 'a@x.com, b@y.com', p_role: 'viewer' }, 'SH002', /valid/],
        [
          'another role',
          { p_email: 'x@example.com', p_role: 'owner' },
          'SH010',
          /viewer or editor/,
        ],
        ['no role', { p_email: 'x@example.com', p_role: null }, 'SH010', /viewer or editor/],
      ];
      for (const [label, args, code, message] of refusals) {
        it(`refuses ${label} with ${code} and changes nothing`, async () => {
          const before = await snapshot();
          const input =
            args.p_email === 'SELF'
              ? { ...args, p_email: ` ${email(owner).toUpperCase()} ` }
              : args;
          const { data, error } = await call(owner.client, 'create_share_invitation', input);
          expect(data).toBeNull();
          expect(error?.code).toBe(code);
          expect(error?.message).toMatch(message);
          expect(await snapshot()).toEqual(before);
        });
      }

      it('refuses a policy that is not the caller’s (a stranger’s, or one shared with them)', async () => {
        await share(owner, friend, 'editor', policyId);
        const before = await snapshot();
        const asEditor = await call(friend.client, 'create_share_invitation', {
          p_email: email(other),
          p_role: 'viewer',
          p_policy_id: policyId,
        });
        expect(asEditor.error).toMatchObject({ code: '42501', message: /Only the owner/ });
        const asStranger = await call(other.client, 'create_share_invitation', {
          p_email: 'someone@example.com',
          p_role: 'viewer',
          p_policy_id: policyId,
        });
        expect(asStranger.error?.code).toBe('42501');
        expect(await snapshot()).toEqual(before);
      });

      it('refuses a second waiting invitation to the same address and scope, not another scope', async () => {
        const address = `Dup-${Date.now()}@Example.com`;
        const first = await invite(owner.client, address, 'viewer', policyId);
        expect(first.invitation).toMatchObject({
          email: address.toLowerCase(),
          status: 'pending',
          role: 'viewer',
          policy_id: policyId,
          owner_name: 'Priya',
        });
        const days =
          (Date.parse(first.invitation.expires_at) - Date.parse(first.invitation.created_at)) /
          86_400_000;
        expect(days).toBeCloseTo(14, 5);
        const before = await snapshot();
        const again = await call(owner.client, 'create_share_invitation', {
          p_email: address.toUpperCase(),
          p_role: 'editor',
          p_policy_id: policyId,
        });
        expect(again.error).toMatchObject({ code: 'SH003', message: /already waiting/ });
        expect(await snapshot()).toEqual(before);
        // All policies is another scope; a withdrawn or expired one no longer blocks.
        await invite(owner.client, address, 'viewer');
        await call(owner.client, 'withdraw_share_invitation', {
          p_invitation_id: first.invitation.id,
        });
        await invite(owner.client, address, 'viewer', policyId);
      });

      it('refuses an address that already has that access (SH012)', async () => {
        const before = await snapshot();
        const { error } = await call(owner.client, 'create_share_invitation', {
          p_email: email(friend),
          p_role: 'viewer',
          p_policy_id: policyId,
        });
        expect(error).toMatchObject({ code: 'SH012', message: /already has access/ });
        expect(await snapshot()).toEqual(before);
      });

      it('is for signed-in users only', async () => {
        const { error } = await call(ctx.anon(), 'create_share_invitation', {
          p_email: 'x@example.com',
          p_role: 'viewer',
        });
        expect(error?.code).toBe('42501');
      });
    });

    describe('answering an invitation', () => {
      it('accepts by the token for the invited address only, once', async () => {
        const invitee = await signUpActor(ctx, 'Kabir');
        const { invitation, token } = await invite(owner.client, email(invitee), 'viewer');
        const before = await snapshot();
        const wrongAccount = await call(other.client, 'accept_share_invitation', {
          p_token: token,
        });
        expect(wrongAccount.error).toMatchObject({ code: 'SH008' });
        expect(wrongAccount.error?.message).toContain(email(invitee));
        const byIdElsewhere = await call(other.client, 'accept_share_invitation', {
          p_invitation_id: invitation.id,
        });
        expect(byIdElsewhere.error?.code).toBe('SH009');
        const badToken = await call(invitee.client, 'accept_share_invitation', {
          p_token: 'f'.repeat(64),
        });
        expect(badToken.error?.code).toBe('SH009');
        expect(await snapshot()).toEqual(before);

        const accepted = await call(invitee.client, 'accept_share_invitation', { p_token: token });
        expect(accepted.error).toBeNull();
        expect(policyShareSchema.parse(accepted.data)).toMatchObject({
          owner_id: idOf(owner),
          owner_name: 'Priya',
          owner_email: email(owner),
          recipient_id: idOf(invitee),
          policy_id: null,
          role: 'viewer',
          reminders_enabled: false,
        });
        const twice = await call(invitee.client, 'accept_share_invitation', { p_token: token });
        expect(twice.error).toMatchObject({ code: 'SH007', message: /already accepted/ });
      });

      it('shows the invited account what a link is, and changes nothing', async () => {
        const invitee = await signUpActor(ctx, 'Neha');
        const { invitation, token } = await invite(
          owner.client,
          email(invitee),
          'editor',
          policyId,
        );
        const before = await snapshot();
        const seen = await call(invitee.client, 'view_share_invitation', { p_token: token });
        expect(seen.error).toBeNull();
        expect(shareInvitationSchema.parse(seen.data)).toMatchObject({
          id: invitation.id,
          owner_name: 'Priya',
          owner_email: email(owner),
          policy_id: policyId,
          role: 'editor',
          status: 'pending',
        });
        const elsewhere = await call(other.client, 'view_share_invitation', { p_token: token });
        expect(elsewhere).toMatchObject({ data: null, error: { code: 'SH008' } });
        const unknown = await call(invitee.client, 'view_share_invitation', {
          p_token: 'e'.repeat(64),
        });
        expect(unknown.error?.code).toBe('SH009');
        const anon = clientFor(ctx.server, ctx.server.anonKey);
        const signedOut = await call(anon, 'view_share_invitation', { p_token: token });
        expect(signedOut.data).toBeNull();
        expect(signedOut.error).not.toBeNull();
        expect(await snapshot()).toEqual(before);

        await call(owner.client, 'withdraw_share_invitation', { p_invitation_id: invitation.id });
        const withdrawn = await call(invitee.client, 'view_share_invitation', { p_token: token });
        expect(withdrawn.error).toMatchObject({ code: 'SH005', message: /withdrawn/ });
      });

      it('refuses a withdrawn, declined or expired invitation with its own message and no share', async () => {
        const invitee = await signUpActor(ctx, 'Asha');
        const withdrawn = await invite(owner.client, email(invitee), 'viewer', policyId);
        const w = await call(owner.client, 'withdraw_share_invitation', {
          p_invitation_id: withdrawn.invitation.id,
        });
        expect(shareInvitationSchema.parse(w.data).status).toBe('withdrawn');
        const withdrawnAgain = await call(owner.client, 'withdraw_share_invitation', {
          p_invitation_id: withdrawn.invitation.id,
        });
        expect(withdrawnAgain.error?.code).toBe('SH005');

        const declined = await invite(owner.client, email(invitee), 'editor', policyId);
        const d = await call(invitee.client, 'decline_share_invitation', {
          p_invitation_id: declined.invitation.id,
        });
        expect(shareInvitationSchema.parse(d.data).status).toBe('declined');

        const expired = await invite(owner.client, email(invitee), 'viewer');
        await ctx.server.query(
          `update public.share_invitations set expires_at = now() - interval '1 second' where id = $1`,
          [expired.invitation.id],
        );

        const before = await snapshot();
        const cases: [string, string, RegExp][] = [
          [withdrawn.token, 'SH005', /withdrawn/],
          [declined.token, 'SH006', /declined/],
          [expired.token, 'SH004', /expired/],
        ];
        for (const [token, code, message] of cases) {
          for (const fn of ['accept_share_invitation', 'decline_share_invitation']) {
            const { data, error } = await call(invitee.client, fn, { p_token: token });
            expect(data).toBeNull();
            expect(error?.code).toBe(code);
            expect(error?.message).toMatch(message);
          }
        }
        const ownerWithdrawsExpired = await call(owner.client, 'withdraw_share_invitation', {
          p_invitation_id: expired.invitation.id,
        });
        expect(ownerWithdrawsExpired.error?.code).toBe('SH004');
        expect(await snapshot()).toEqual(before);

        const list = shareInvitationListSchema.parse(
          (await call(invitee.client, 'list_share_invitations')).data,
        );
        // Only what still waits for an answer reaches the addressee's list.
        expect(list.received).toEqual([]);
        expect(list.sent).toEqual([]);
        const sent = shareInvitationListSchema.parse(
          (await call(owner.client, 'list_share_invitations')).data,
        ).sent;
        expect(
          sent
            .filter((i) => i.email === email(invitee))
            .map((i) => i.status)
            .sort(),
        ).toEqual(['declined', 'expired', 'withdrawn']);
      });

      it('a stranger cannot withdraw someone else’s invitation', async () => {
        const { invitation } = await invite(owner.client, `w-${Date.now()}@example.com`, 'viewer');
        const { error } = await call(other.client, 'withdraw_share_invitation', {
          p_invitation_id: invitation.id,
        });
        expect(error?.code).toBe('SH009');
      });
    });

    describe('managing shares', () => {
      it('lists who has access; only the owner changes roles and revokes; reminders are the recipient’s', async () => {
        const recipient = await signUpActor(ctx, 'Dev');
        const shared = await share(owner, recipient, 'viewer', policyId);
        const pending = await invite(owner.client, `later-${Date.now()}@example.com`, 'editor');

        const access = policyAccessSchema.parse(
          (await call(owner.client, 'list_policy_access', { p_policy_id: policyId })).data,
        );
        expect(
          access.shares.map((s) => [s.recipient_email, s.role, s.policy_label]),
        ).toContainEqual([email(recipient), 'viewer', expect.stringMatching(/^Star Health · SH-/)]);
        expect(access.invitations.map((i) => i.id)).toContain(pending.invitation.id);
        const notOwner = await call(recipient.client, 'list_policy_access', {
          p_policy_id: policyId,
        });
        expect(notOwner.error?.code).toBe('42501');

        for (const actor of [recipient, other]) {
          const role = await call(actor.client, 'change_share_role', {
            p_share_id: shared.id,
            p_role: 'editor',
          });
          expect(role.error?.code).toBe('SH009');
          const revoke = await call(actor.client, 'revoke_share', { p_share_id: shared.id });
          expect(revoke.error?.code).toBe('SH009');
        }
        const badRole = await call(owner.client, 'change_share_role', {
          p_share_id: shared.id,
          p_role: 'admin',
        });
        expect(badRole.error?.code).toBe('SH010');
        const upgraded = await call(owner.client, 'change_share_role', {
          p_share_id: shared.id,
          p_role: 'editor',
        });
        expect(policyShareSchema.parse(upgraded.data).role).toBe('editor');

        const ownerReminders = await call(owner.client, 'set_share_reminders', {
          p_share_id: shared.id,
          p_enabled: true,
        });
        expect(ownerReminders.error?.code).toBe('SH009');
        const on = await call(recipient.client, 'set_share_reminders', {
          p_share_id: shared.id,
          p_enabled: true,
        });
        expect(policyShareSchema.parse(on.data).reminders_enabled).toBe(true);

        const revoked = await call(owner.client, 'revoke_share', { p_share_id: shared.id });
        expect(revoked.error).toBeNull();
        const after = policyAccessSchema.parse(
          (await call(owner.client, 'list_policy_access', { p_policy_id: policyId })).data,
        );
        expect(after.shares.map((s) => s.id)).not.toContain(shared.id);
        const read = await recipient.client.from('policies').select('id').eq('id', policyId);
        expect(read.data).toEqual([]);
      });
    });

    describe('the invitation mail', () => {
      const send = async (actor: Actor, body: unknown) => {
        const token = (await actor.client.auth.getSession()).data.session?.access_token;
        return rawFetch(ctx.server, '/functions/v1/share-invitation', {
          method: 'POST',
          token: token ?? ctx.server.anonKey,
          body: JSON.stringify(body),
        });
      };

      it('mails a link to the app’s invitations page that accepts for the invited account', async () => {
        const invitee = await signUpActor(ctx, 'Nisha');
        const res = await send(owner, {
          email: email(invitee),
          role: 'editor',
          policy_id: policyId,
        });
        expect(res.status).toBe(201);
        expect(res.text).not.toMatch(/[0-9a-f]{64}/);
        const mail = ctx.server.mails().find((m) => m.to === email(invitee));
        expect(mail).toMatchObject({ kind: 'invite' });
        expect(mail?.subject).toBe('Insurance policies shared with you on BimaGuide');
        expect(mail?.text).toContain(
          `Priya (${email(owner)}) invited you to their policy Star Health`,
        );
        expect(mail?.text).toMatch(/see and update it/);
        const link = new URL(mail?.link ?? '');
        expect(link.origin + link.pathname).toBe(
          'http://localhost:4173/policy-tracker/invitations',
        );
        const accepted = await call(invitee.client, 'accept_share_invitation', {
          p_token: link.searchParams.get('token'),
        });
        expect(policyShareSchema.parse(accepted.data)).toMatchObject({
          role: 'editor',
          policy_id: policyId,
        });
      });

      it('keeps a sender’s name out of the subject, and out of the body when it looks like a link', async () => {
        const mailFrom = async (sender: Actor) => {
          const invitee = `n-${crypto.randomUUID()}@example.com`;
          expect((await send(sender, { email: invitee, role: 'viewer' })).status).toBe(201);
          const mail = ctx.server.mails().find((m) => m.to === invitee);
          expect(mail?.subject).toBe('Insurance policies shared with you on BimaGuide');
          return mail?.text ?? '';
        };
        const phisher = await signUpActor(ctx, 'Refund ready at https://evil.example/claim now');
        const phishing = await mailFrom(phisher);
        expect(phishing).not.toMatch(/evil|claim|Refund/);
        expect(phishing.startsWith(`${email(phisher)} invited you`)).toBe(true);

        const longName = await signUpActor(ctx, `Priya ${'Sharma '.repeat(30)}`);
        const long = await mailFrom(longName);
        const shown = long.slice(0, long.indexOf(` (${email(longName)}) invited you`));
        expect(shown).toMatch(/^Priya Sharma Sharma .*…$/);
        expect(shown.length).toBeLessThanOrEqual(60);
      });

      it('stops a sender at 3 invitations to one address and 20 a day, whatever became of them', async () => {
        const sender = await signUpActor(ctx, 'Loop');
        const target = `t-${crypto.randomUUID()}@example.com`;
        for (let i = 0; i < 3; i += 1) {
          const res = await send(sender, { email: target, role: 'viewer' });
          expect(res.status).toBe(201);
          const { invitation } = z.object({ invitation: shareInvitationSchema }).parse(res.json);
          await call(sender.client, 'withdraw_share_invitation', {
            p_invitation_id: invitation.id,
          });
        }
        const mailsBefore = ctx.server.mails().length;
        const fourth = await send(sender, { email: target, role: 'viewer' });
        expect(fourth.status).toBe(400);
        expect(fourth.json).toMatchObject({ code: 'SH011', message: /3 times today/ });
        for (let i = 0; i < 17; i += 1) {
          const { invitation } = await invite(sender.client, `d${i}-${target}`, 'viewer');
          await call(sender.client, 'withdraw_share_invitation', {
            p_invitation_id: invitation.id,
          });
        }
        const before = await snapshot();
        const over = await send(sender, { email: `other-${target}`, role: 'viewer' });
        expect(over.json).toMatchObject({ code: 'SH011', message: /20 invitations today/ });
        expect(ctx.server.mails().length).toBe(mailsBefore);
        expect(await snapshot()).toEqual(before);
      });

      it('passes the database’s refusal on and mails nothing', async () => {
        const mailsBefore = ctx.server.mails().length;
        const self = await send(owner, { email: email(owner), role: 'viewer' });
        expect(self.status).toBe(400);
        expect(self.json).toMatchObject({ code: 'SH001', message: /yourself/ });
        const anon = await send(
          { ...owner, client: ctx.anon() },
          { email: 'x@example.com', role: 'viewer' },
        );
        expect(anon.status).toBe(401);
        const garbage = await send(owner, { email: 42 });
        expect(garbage.status).toBe(400);
        expect(ctx.server.mails().length).toBe(mailsBefore);
      });
    });
  },
);
