import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';

let seq = 0;
const fresh = (tag: string): string => `${tag}-${Date.now()}-${seq++}@example.com`;

forEachDatabase(
  'security: sign-up does not reveal who has an account (confirmations on)',
  { autoconfirm: false, authRateLimits: {} },
  (ctx) => {
    const taken = 'taken@example.com';
    let takenId = '';

    beforeAll(async () => {
      const made = await ctx.service().auth.admin.createUser({
        email: taken,
        password: 'original-pw',
        email_confirm: true,
        user_metadata: { name: 'Owner' },
      });
      takenId = made.data.user?.id ?? '';
    });

    it.each([
      ['the same address', taken],
      ['the address in capitals', taken.toUpperCase()],
    ])('signing up %s answers like a new address', async (_name, address) => {
      const newcomer = await ctx.anon().auth.signUp({ email: fresh('new'), password: 'secret1' });
      const mailsBefore = ctx.server.mails().length;
      const again = await ctx.anon().auth.signUp({
        email: address,
        password: 'attacker-pw',
        options: { data: { name: 'Attacker' } },
      });
      expect(again.error).toBeNull();
      expect(again.data.session).toBeNull();
      expect(Object.keys(again.data.user ?? {}).sort()).toEqual(
        Object.keys(newcomer.data.user ?? {}).sort(),
      );
      expect(again.data.user?.id).not.toBe(takenId);
      expect(again.data.user?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.data.user?.confirmation_sent_at).toBeTruthy();
      // GoTrue's obfuscated user: no identities, nothing confirmed, no mail to the owner.
      expect(again.data.user?.identities).toEqual([]);
      expect(again.data.user?.email_confirmed_at).toBeUndefined();
      expect(ctx.server.mails().length).toBe(mailsBefore);
    });

    it('the owner keeps their password and data', async () => {
      const owner = await ctx
        .anon()
        .auth.signInWithPassword({ email: taken, password: 'original-pw' });
      expect(owner.error).toBeNull();
      expect(owner.data.user?.user_metadata).toMatchObject({ name: 'Owner' });
      const attacker = await ctx
        .anon()
        .auth.signInWithPassword({ email: taken, password: 'attacker-pw' });
      expect(attacker.error?.code).toBe('invalid_credentials');
    });

    it('an unconfirmed address gets its confirmation again (after max_frequency), nothing else', async () => {
      const email = fresh('pending');
      const first = await ctx.anon().auth.signUp({ email, password: 'first-pw' });
      expect(first.error).toBeNull();
      const tooSoon = await ctx.anon().auth.signUp({ email, password: 'second-pw' });
      expect(tooSoon.error?.status).toBe(429);
      expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
      await ctx.server.query(
        `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
        [email],
      );
      const later = await ctx.anon().auth.signUp({ email, password: 'second-pw' });
      expect(later.error).toBeNull();
      expect(later.data.user?.id).toBe(first.data.user?.id);
      const mails = ctx.server.mails().filter((m) => m.to === email && m.kind === 'confirmation');
      expect(mails).toHaveLength(2);
      await fetch(mails[1]?.link ?? '', { redirect: 'manual' });
      expect(
        (await ctx.anon().auth.signInWithPassword({ email, password: 'second-pw' })).error?.code,
      ).toBe('invalid_credentials');
      expect(
        (await ctx.anon().auth.signInWithPassword({ email, password: 'first-pw' })).error,
      ).toBeNull();
    });

    describe('POST /resend (supabase-js auth.resend)', () => {
      it('re-sends the confirmation of an unconfirmed address, once per max_frequency', async () => {
        const email = fresh('resend');
        await ctx.anon().auth.signUp({ email, password: 'secret1' });
        await ctx.server.query(
          `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
          [email],
        );
        expect((await ctx.anon().auth.resend({ type: 'signup', email })).error).toBeNull();
        const again = await ctx.anon().auth.resend({ type: 'signup', email });
        expect(again.error?.code).toBe('over_email_send_rate_limit');
        const mails = ctx.server.mails().filter((m) => m.to === email);
        expect(mails).toHaveLength(2);
        // The newer link confirms; the first one was replaced.
        const old = await fetch(mails[0]?.link ?? '', { redirect: 'manual' });
        expect(old.headers.get('location')).toContain('otp_expired');
        const current = await fetch(mails[1]?.link ?? '', { redirect: 'manual' });
        expect(current.headers.get('location')).toContain('access_token=');
      });

      it.each([
        ['an unknown address', fresh('ghost')],
        ['a confirmed address', taken],
      ])('answers {} and sends nothing for %s', async (_name, email) => {
        const before = ctx.server.mails().length;
        const res = await rawFetch(ctx.server, '/auth/v1/resend', {
          method: 'POST',
          body: JSON.stringify({ type: 'signup', email }),
        });
        expect(res.status).toBe(200);
        expect(res.json).toEqual({});
        expect(ctx.server.mails().length).toBe(before);
      });

      it.each([
        [
          { type: 'magic', email: taken },
          400,
          'Missing one of these types: signup, email_change, sms, phone_change',
        ],
        [{ type: 'signup' }, 400, 'Type provided requires an email address'],
        [{ type: 'sms', email: taken }, 400, 'Type provided requires a phone number'],
        [
          { type: 'sms', phone: '+919999999999', email: taken },
          400,
          'Only an email address or phone number should be provided.',
        ],
        [{ type: 'sms', phone: '+919999999999' }, 400, 'Phone logins are disabled'],
        [{ type: 'email_change' }, 400, 'Missing email address or phone number'],
      ])('%j → %i %s', async (body, status, msg) => {
        const res = await rawFetch(ctx.server, '/auth/v1/resend', {
          method: 'POST',
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(status);
        expect(res.json).toMatchObject({ msg });
      });
    });
  },
);

forEachDatabase("security: sign-up with autoconfirm keeps GoTrue's answer", {}, (ctx) => {
  it('a taken address is 422 user_already_exists (nothing to hide: the form signs in at once)', async () => {
    const email = fresh('auto');
    await ctx.anon().auth.signUp({ email, password: 'secret1' });
    const again = await ctx.anon().auth.signUp({ email, password: 'other-pw' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(
      (await ctx.anon().auth.signInWithPassword({ email, password: 'other-pw' })).error?.code,
    ).toBe('invalid_credentials');
  });
});

forEachDatabase('security: admin API matches GoTrue', {}, (ctx) => {
  it('updateUserById changes the email, and the new address signs in', async () => {
    const admin = ctx.service().auth.admin;
    const before = fresh('before');
    const after = fresh('after');
    const made = await admin.createUser({
      email: before,
      password: 'secret1',
      email_confirm: true,
    });
    const id = made.data.user?.id ?? '';
    const upd = await admin.updateUserById(id, { email: after.toUpperCase() });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.email).toBe(after);
    expect((await admin.getUserById(id)).data.user?.email).toBe(after);
    expect(
      (await ctx.anon().auth.signInWithPassword({ email: after, password: 'secret1' })).error,
    ).toBeNull();
    expect(
      (await ctx.anon().auth.signInWithPassword({ email: before, password: 'secret1' })).error
        ?.code,
    ).toBe('invalid_credentials');
    const identity = await ctx.server.query<{ e: string }>(
      `select identity_data->>'email' as e from auth.identities where user_id = $1 and provider = 'email'`,
      [id],
    );
    expect(identity[0]?.e).toBe(after);
  });

  it.each([
    ["another user's address", 'clash', 422, 'email_exists'],
    ["another user's address in capitals", 'CLASH', 422, 'email_exists'],
    ['a malformed address', 'not-an-email', 400, 'email_address_invalid'],
  ])('updateUserById to %s is refused and changes nothing', async (_name, kind, status, code) => {
    const admin = ctx.service().auth.admin;
    const mine = fresh('mine');
    const theirs = fresh('theirs');
    const me = await admin.createUser({ email: mine, password: 'secret1', email_confirm: true });
    await admin.createUser({ email: theirs, password: 'secret1', email_confirm: true });
    const email = kind === 'clash' ? theirs : kind === 'CLASH' ? theirs.toUpperCase() : kind;
    const res = await admin.updateUserById(me.data.user?.id ?? '', { email });
    expect(res.error?.status).toBe(status);
    expect(res.error?.code).toBe(code);
    if (status === 422)
      expect(res.error?.message).toBe('A user with this email address has already been registered');
    expect((await admin.getUserById(me.data.user?.id ?? '')).data.user?.email).toBe(mine);
  });

  it.each([
    ['page=-1', '"-1": invalid syntax'],
    ['page=1.5', '"1.5": invalid syntax'],
    ['page=%2B1', '"+1": invalid syntax'],
    ['per_page=abc', '"abc": invalid syntax'],
    ['page=99999999999999999999', '"99999999999999999999": value out of range'],
  ])('listUsers with %s → 400 Bad Pagination Parameters', async (query, tail) => {
    const res = await rawFetch(ctx.server, `/auth/v1/admin/users?${query}`, {
      token: ctx.server.serviceRoleKey,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: `Bad Pagination Parameters: strconv.ParseUint: parsing ${tail}`,
    });
  });

  it('supabase-js listUsers({ page: -1 }) gets the error', async () => {
    const res = await ctx.service().auth.admin.listUsers({ page: -1 });
    expect(res.error?.status).toBe(400);
    expect(res.error?.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
  });

  it('a page far past the end is empty, not an error', async () => {
    const res = await rawFetch(
      ctx.server,
      '/auth/v1/admin/users?page=18446744073709551615&per_page=1000',
      {
        token: ctx.server.serviceRoleKey,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ users: [] });
  });
});
