import { expect, it } from 'vitest';
import {
  clientFor,
  forEachDatabase,
  rawFetch,
  SERVER_FIXTURE_MIGRATIONS,
} from '../../helpers/server';
import { chooseAccount, openChooser } from '../../helpers/local-google';

let seq = 0;
const email = (tag: string): string => `${tag}-${Date.now()}-${seq++}@example.com`;

forEachDatabase(
  'auth',
  { migrationsDir: SERVER_FIXTURE_MIGRATIONS, refreshReuseSeconds: 1, localGoogleSignIn: true },
  (ctx) => {
    it('signs up with autoconfirm and returns a usable session', async () => {
      const sb = ctx.anon();
      const addr = email('signup');
      const { data, error } = await sb.auth.signUp({ email: addr, password: 'secret1' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.session?.token_type).toBe('bearer');
      expect(data.session?.expires_in).toBe(3600);
      expect(data.user?.email).toBe(addr);
      expect(data.user?.app_metadata.provider).toBe('email');
      const me = await sb.auth.getUser();
      expect(me.data.user?.id).toBe(data.user?.id);
      const claims = JSON.parse(
        Buffer.from((data.session?.access_token ?? '').split('.')[1] ?? '', 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(claims).toMatchObject({
        role: 'authenticated',
        aud: 'authenticated',
        sub: data.user?.id,
        email: addr,
      });
      expect(typeof claims.session_id).toBe('string');
    });

    it('rejects a duplicate signup and a weak password with GoTrue codes', async () => {
      const sb = ctx.anon();
      const addr = email('dup');
      await sb.auth.signUp({ email: addr, password: 'secret1' });
      const dup = await ctx.anon().auth.signUp({ email: addr.toUpperCase(), password: 'secret1' });
      expect(dup.error?.status).toBe(422);
      expect(dup.error?.code).toBe('user_already_exists');
      expect(dup.error?.message).toBe('User already registered');
      const weak = await ctx.anon().auth.signUp({ email: email('weak'), password: '12345' });
      expect(weak.error?.status).toBe(422);
      expect(weak.error?.code).toBe('weak_password');
      expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    });

    it('answers a wrong password with 400 invalid_credentials and records last_sign_in_at on success', async () => {
      const addr = email('login');
      await ctx.anon().auth.signUp({ email: addr, password: 'secret1' });
      const bad = await ctx.anon().auth.signInWithPassword({ email: addr, password: 'nope-nope' });
      expect(bad.error?.status).toBe(400);
      expect(bad.error?.code).toBe('invalid_credentials');
      expect(bad.error?.message).toBe('Invalid login credentials');
      const unknown = await ctx
        .anon()
        .auth.signInWithPassword({ email: email('ghost'), password: 'secret1' });
      expect(unknown.error?.code).toBe('invalid_credentials');
      const ok = await ctx.anon().auth.signInWithPassword({ email: addr, password: 'secret1' });
      expect(ok.error).toBeNull();
      expect(ok.data.user?.last_sign_in_at).toBeTruthy();
    });

    it('rotates refresh tokens, tolerates reuse inside the window and revokes the family after it', async () => {
      const sb = ctx.anon();
      const { data } = await sb.auth.signUp({ email: email('refresh'), password: 'secret1' });
      const first = data.session?.refresh_token ?? '';
      const r1 = await ctx.anon().auth.refreshSession({ refresh_token: first });
      expect(r1.error).toBeNull();
      const second = r1.data.session?.refresh_token ?? '';
      expect(second).not.toBe(first);
      // A second tab refreshing with the same old token inside the window gets the live child.
      const again = await ctx.anon().auth.refreshSession({ refresh_token: first });
      expect(again.error).toBeNull();
      expect(again.data.session?.refresh_token).toBe(second);
      await new Promise((r) => setTimeout(r, 1200));
      const reuse = await rawFetch(ctx.server, '/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: first }),
      });
      expect(reuse.status).toBe(400);
      expect(reuse.json).toMatchObject({
        error_code: 'refresh_token_already_used',
        msg: 'Invalid Refresh Token: Already Used',
      });
      // The whole session is gone, so the child no longer works either.
      const child = await ctx.anon().auth.refreshSession({ refresh_token: second });
      expect(child.error?.status).toBe(400);
      const unknown = await ctx.anon().auth.refreshSession({ refresh_token: 'not-a-token' });
      expect(unknown.error?.code).toBe('refresh_token_not_found');
    });

    it('changes the password, refusing the same one', async () => {
      const sb = ctx.anon();
      const addr = email('pw');
      await sb.auth.signUp({ email: addr, password: 'secret1' });
      const same = await sb.auth.updateUser({ password: 'secret1' });
      expect(same.error?.code).toBe('same_password');
      expect(same.error?.status).toBe(422);
      const weak = await sb.auth.updateUser({ password: 'abc' });
      expect(weak.error?.code).toBe('weak_password');
      const changed = await sb.auth.updateUser({ password: 'secret2' });
      expect(changed.error).toBeNull();
      expect(
        (await ctx.anon().auth.signInWithPassword({ email: addr, password: 'secret1' })).error
          ?.code,
      ).toBe('invalid_credentials');
      expect(
        (await ctx.anon().auth.signInWithPassword({ email: addr, password: 'secret2' })).error,
      ).toBeNull();
    });

    it('logs out: global ends every session, local only the current one', async () => {
      const addr = email('logout');
      await ctx.anon().auth.signUp({ email: addr, password: 'secret1' });
      const a = ctx.anon();
      const b = ctx.anon();
      const c = ctx.anon();
      await a.auth.signInWithPassword({ email: addr, password: 'secret1' });
      const bs = await b.auth.signInWithPassword({ email: addr, password: 'secret1' });
      const cs = await c.auth.signInWithPassword({ email: addr, password: 'secret1' });
      const local = await rawFetch(ctx.server, '/auth/v1/logout?scope=local', {
        method: 'POST',
        token: cs.data.session?.access_token ?? '',
      });
      expect(local.status).toBe(204);
      expect((await a.auth.getUser()).error).toBeNull();
      const cUser = await rawFetch(ctx.server, '/auth/v1/user', {
        token: cs.data.session?.access_token ?? '',
      });
      expect(cUser.status).toBe(403);
      expect(cUser.json).toMatchObject({ error_code: 'session_not_found' });
      const out = await a.auth.signOut({ scope: 'global' });
      expect(out.error).toBeNull();
      const bUser = await rawFetch(ctx.server, '/auth/v1/user', {
        token: bs.data.session?.access_token ?? '',
      });
      expect(bUser.status).toBe(403);
      const bRefresh = await ctx
        .anon()
        .auth.refreshSession({ refresh_token: bs.data.session?.refresh_token ?? '' });
      expect(bRefresh.error?.status).toBe(400);
    });

    it('sends a recovery mail whose link lands on redirect_to with a recovery session', async () => {
      const addr = email('recover');
      await ctx.anon().auth.signUp({ email: addr, password: 'secret1' });
      const r = await ctx
        .anon()
        .auth.resetPasswordForEmail(addr, { redirectTo: 'http://localhost:4173/password-reset' });
      expect(r.error).toBeNull();
      // Unknown addresses get the same answer and no mail.
      expect((await ctx.anon().auth.resetPasswordForEmail(email('nobody'))).error).toBeNull();
      const mail = ctx.server
        .mails()
        .filter((m) => m.to === addr && m.kind === 'recovery')
        .at(-1);
      expect(mail?.link).toContain('/auth/v1/verify?');
      const listed = await rawFetch(ctx.server, '/_dev/mail.json');
      expect(JSON.stringify(listed.json)).toContain(addr);
      const html = await fetch(`${ctx.server.url}/_dev/mail`).then((x) => x.text());
      expect(html).toContain('href="');
      const res = await fetch(mail?.link ?? '', { redirect: 'manual' });
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/password-reset');
      const frag = new URLSearchParams(location.hash.slice(1));
      expect(frag.get('type')).toBe('recovery');
      expect(frag.get('token_type')).toBe('bearer');
      expect(Number(frag.get('expires_in'))).toBe(3600);
      expect(Number(frag.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
      const sb = ctx.anon();
      const set = await sb.auth.setSession({
        access_token: frag.get('access_token') ?? '',
        refresh_token: frag.get('refresh_token') ?? '',
      });
      expect(set.error).toBeNull();
      expect((await sb.auth.updateUser({ password: 'recovered1' })).error).toBeNull();
      expect(
        (await ctx.anon().auth.signInWithPassword({ email: addr, password: 'recovered1' })).error,
      ).toBeNull();
      // The link is single-use.
      const second = await fetch(mail?.link ?? '', { redirect: 'manual' });
      expect(second.headers.get('location')).toContain('error_code=otp_expired');
    });

    it('serves the Google stand-in chooser and completes implicit and PKCE flows', async () => {
      const login = 'http://localhost:4173/login';
      const chooser = await openChooser(ctx.server, { redirect_to: login });
      expect(chooser.status).toBe(200);
      expect(chooser.html).toContain('Local development stand-in for Google sign-in');
      const addr = email('google');
      const implicit = await chooseAccount(ctx.server, chooser, {
        email: addr,
        redirect_to: login,
        code_challenge: '',
        code_challenge_method: '',
      });
      expect(implicit.response.status).toBe(303);
      const frag = new URLSearchParams(implicit.location?.hash.slice(1));
      const token = frag.get('access_token') ?? '';
      const user = await rawFetch(ctx.server, '/auth/v1/user', { token });
      expect(user.json).toMatchObject({ email: addr, app_metadata: { provider: 'google' } });

      const verifier = 'v'.repeat(50);
      const { createHash } = await import('node:crypto');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const pkceForm = {
        email: addr,
        redirect_to: login,
        code_challenge: challenge,
        code_challenge_method: 's256',
      };
      const pkce = await chooseAccount(ctx.server, chooser, pkceForm);
      const code = pkce.location?.searchParams.get('code') ?? '';
      expect(code).not.toBe('');
      const bad = await rawFetch(ctx.server, '/auth/v1/token?grant_type=pkce', {
        method: 'POST',
        body: JSON.stringify({ auth_code: code, code_verifier: 'w'.repeat(50) }),
      });
      expect(bad.status).toBe(400);
      const pkce2 = await chooseAccount(ctx.server, chooser, pkceForm);
      const code2 = pkce2.location?.searchParams.get('code') ?? '';
      const ok = await rawFetch(ctx.server, '/auth/v1/token?grant_type=pkce', {
        method: 'POST',
        body: JSON.stringify({ auth_code: code2, code_verifier: verifier }),
      });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ token_type: 'bearer', user: { email: addr } });
    });

    it('keeps admin endpoints to the service role', async () => {
      const anon = await ctx.anon().auth.admin.listUsers();
      expect(anon.error?.status).toBe(403);
      expect(anon.error?.code).toBe('not_admin');
      expect(anon.error?.message).toBe('User not allowed');
      const user = ctx.anon();
      await user.auth.signUp({ email: email('notadmin'), password: 'secret1' });
      const session = (await user.auth.getSession()).data.session;
      const asUser = await rawFetch(ctx.server, '/auth/v1/admin/users', {
        token: session?.access_token ?? '',
      });
      expect(asUser.status).toBe(403);

      const admin = ctx.service().auth.admin;
      const created = await admin.createUser({
        email: email('made'),
        password: 'secret1',
        email_confirm: true,
      });
      expect(created.error).toBeNull();
      const id = created.data.user?.id ?? '';
      const list = await admin.listUsers({ page: 1, perPage: 2 });
      expect(list.error).toBeNull();
      expect(list.data.users.length).toBe(2);
      expect('total' in list.data ? list.data.total : 0).toBeGreaterThan(2);
      const got = await admin.getUserById(id);
      expect(got.data.user?.email).toBe(created.data.user?.email);
      const upd = await admin.updateUserById(id, { user_metadata: { name: 'Asha' } });
      expect(upd.data.user?.user_metadata.name).toBe('Asha');
      expect((await admin.deleteUser(id)).error).toBeNull();
      const gone = await admin.getUserById(id);
      expect(gone.error?.status).toBe(404);
      // The configured admin exists and can sign in.
      const adminLogin = await ctx
        .anon()
        .auth.signInWithPassword({ email: 'admin@bimaguide.local', password: 'admin123' });
      expect(adminLogin.error).toBeNull();
    });

    it('falls back to the site URL for an unusable redirect_to', async () => {
      const res = await fetch(
        `${ctx.server.url}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent('javascript:alert(1)')}`,
        { redirect: 'manual' },
      );
      expect(res.status).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith('http://localhost:4173')).toBe(true);
      expect(location).toContain('error_code=otp_expired');
    });

    it('exposes settings', async () => {
      const s = await rawFetch(ctx.server, '/auth/v1/settings');
      expect(s.json).toMatchObject({
        external: { email: true, google: true },
        mailer_autoconfirm: true,
      });
    });
  },
);

forEachDatabase(
  'auth without autoconfirm',
  { migrationsDir: SERVER_FIXTURE_MIGRATIONS, autoconfirm: false },
  (ctx) => {
    it('mails a confirmation link and withholds the session until confirmed', async () => {
      const addr = email('confirm');
      const sb = clientFor(ctx.server, ctx.server.anonKey);
      const { data, error } = await sb.auth.signUp({ email: addr, password: 'secret1' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.email).toBe(addr);
      const early = await ctx.anon().auth.signInWithPassword({ email: addr, password: 'secret1' });
      expect(early.error?.code).toBe('email_not_confirmed');
      const mail = ctx.server.mails().find((m) => m.to === addr && m.kind === 'confirmation');
      expect(mail?.link).toContain('type=signup');
      const res = await fetch(mail?.link ?? '', { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toContain('access_token=');
      expect(
        (await ctx.anon().auth.signInWithPassword({ email: addr, password: 'secret1' })).error,
      ).toBeNull();
    });
  },
);
