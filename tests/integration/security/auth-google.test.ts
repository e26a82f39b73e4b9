import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';
import { chooseAccount, openChooser } from '../../helpers/local-google';

const LOGIN = 'http://localhost:4173/login';
const ADMIN = 'admin@bimaguide.local';
let seq = 0;
const fresh = (tag: string): string => `${tag}-${Date.now()}-${seq++}@gmail.test`;

/** What an auto-submitted form on another site sends: no cookie of ours, no token. */
async function crossSitePost(
  ctx: SuiteContext,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${ctx.server.url}/auth/v1/authorize/local-google`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

function tokensIn(location: string | null): boolean {
  return /access_token=|[?&]code=/.test(location ?? '');
}

forEachDatabase('security: Google stand-in off by default', {}, (ctx) => {
  it('settings report Google as disabled', async () => {
    const s = await rawFetch(ctx.server, '/auth/v1/settings');
    expect(s.json).toMatchObject({ external: { google: false } });
  });

  it('/authorize answers as GoTrue does for a disabled provider', async () => {
    const res = await rawFetch(
      ctx.server,
      `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(LOGIN)}`,
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
  });

  it('/authorize names an unknown provider as GoTrue does', async () => {
    const res = await rawFetch(ctx.server, '/auth/v1/authorize?provider=myspace');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      msg: 'Unsupported provider: Provider myspace could not be found',
    });
  });

  it.each([
    ['the admin', ADMIN],
    ['a new address', 'someone-new@example.com'],
  ])('a bare form post for %s signs nobody in', async (_who, email) => {
    const res = await crossSitePost(ctx, { email, redirect_to: LOGIN });
    expect(res.status).toBe(404);
    expect(tokensIn(res.headers.get('location'))).toBe(false);
    const users = await ctx.server.query<{ n: number }>(
      `select count(*)::int as n from auth.users where email = $1`,
      ['someone-new@example.com'],
    );
    expect(users[0]?.n).toBe(0);
  });

  it('the chooser page is not served', async () => {
    const res = await fetch(
      `${ctx.server.url}/auth/v1/authorize/local-google?redirect_to=${encodeURIComponent(LOGIN)}`,
    );
    expect(res.status).toBe(404);
  });
});

forEachDatabase('security: Google stand-in when enabled', { localGoogleSignIn: true }, (ctx) => {
  beforeAll(async () => {
    // A Google-only account someone else made in another browser.
    const other = await openChooser(ctx.server, { redirect_to: LOGIN });
    await chooseAccount(ctx.server, other, { email: 'victim@gmail.test', redirect_to: LOGIN });
  });

  describe('CSRF: the form only works from the browser that opened the chooser', () => {
    it.each([
      ['no cookie and no token (auto-submitted from another site)', {}, {}],
      [
        'another site, with a made-up token',
        { csrf: 'A'.repeat(43) },
        { origin: 'https://evil.example' },
      ],
      ['Sec-Fetch-Site: cross-site', { csrf: 'A'.repeat(43) }, { 'sec-fetch-site': 'cross-site' }],
    ] as const)('%s → 400 bad_oauth_state, no session', async (_name, extra, headers) => {
      for (const email of [ADMIN, 'victim@gmail.test', fresh('csrf')]) {
        const res = await crossSitePost(ctx, { email, redirect_to: LOGIN, ...extra }, headers);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error_code: 'bad_oauth_state' });
        expect(tokensIn(res.headers.get('location'))).toBe(false);
      }
    });

    it('a valid token with the wrong cookie fails', async () => {
      const mine = await openChooser(ctx.server, { redirect_to: LOGIN });
      const theirs = await openChooser(ctx.server, { redirect_to: LOGIN });
      const out = await chooseAccount(
        ctx.server,
        { cookie: theirs.cookie, csrf: mine.csrf },
        { email: 'victim@gmail.test', redirect_to: LOGIN },
      );
      expect(out.response.status).toBe(400);
      expect(tokensIn(out.response.headers.get('location'))).toBe(false);
    });

    it('the right cookie and token but a foreign Origin fails (same-site page on another port)', async () => {
      const mine = await openChooser(ctx.server, { redirect_to: LOGIN });
      const out = await chooseAccount(
        ctx.server,
        mine,
        { email: 'victim@gmail.test', redirect_to: LOGIN },
        {
          origin: 'http://127.0.0.1:1',
          'sec-fetch-site': 'same-site',
        },
      );
      expect(out.response.status).toBe(400);
    });

    it('the chooser cookie is HttpOnly, SameSite=Lax and scoped to /authorize', async () => {
      const page = await openChooser(ctx.server, { redirect_to: LOGIN });
      const set = page.headers.getSetCookie().join('\n');
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).toMatch(/Path=\/auth\/v1\/authorize/);
      expect(page.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('other origins cannot read or frame the chooser', async () => {
      const start = await fetch(`${ctx.server.url}/auth/v1/authorize?provider=google`, {
        redirect: 'manual',
      });
      const page = await fetch(new URL(start.headers.get('location') ?? '', ctx.server.url), {
        headers: { origin: 'https://evil.example' },
      });
      expect(page.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
      expect(page.headers.get('access-control-allow-origin')).not.toBe('*');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('accounts with a password are never signed into', () => {
    it.each([
      ['the admin', ADMIN],
      ['an email-and-password user', 'pw-user@example.com'],
    ])('%s: back to redirect_to with the error, no session', async (_who, email) => {
      if (email !== ADMIN) {
        await ctx
          .service()
          .auth.admin.createUser({ email, password: 'secret1', email_confirm: true });
      }
      const chooser = await openChooser(ctx.server, { redirect_to: LOGIN });
      const out = await chooseAccount(ctx.server, chooser, { email, redirect_to: LOGIN });
      expect(out.response.status).toBe(303);
      const l = out.location;
      expect(`${l?.origin}${l?.pathname}`).toBe(LOGIN);
      expect(tokensIn(l?.href ?? '')).toBe(false);
      const frag = new URLSearchParams(l?.hash.slice(1));
      expect(frag.get('error')).toBe('access_denied');
      expect(frag.get('error_code')).toBe('email_exists');
      expect(frag.get('error_description')).toMatch(/password/);
      expect(l?.searchParams.get('error_description')).toBe(frag.get('error_description'));
      const sessions = await ctx.server.query<{ n: number }>(
        `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id
          where u.email = $1 and s.created_at > now() - interval '1 minute'`,
        [email],
      );
      expect(sessions[0]?.n).toBe(0);
    });

    it('PKCE gets no code for a password account either', async () => {
      const chooser = await openChooser(ctx.server, { redirect_to: LOGIN });
      const out = await chooseAccount(ctx.server, chooser, {
        email: ADMIN,
        redirect_to: LOGIN,
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 's256',
      });
      expect(out.location?.searchParams.get('code')).toBeNull();
      expect(out.location?.searchParams.get('error_code')).toBe('email_exists');
    });
  });

  describe('the chooser lists only what this browser chose', () => {
    it('a fresh browser sees no accounts, not even ones others used', async () => {
      const page = await openChooser(ctx.server, { redirect_to: LOGIN });
      expect(page.html).not.toContain('victim@gmail.test');
      expect(page.html).not.toContain(ADMIN);
      expect(page.html).toContain('No Google accounts used yet in this browser.');
    });

    it('after choosing, this browser (and only it) sees its account', async () => {
      const mine = fresh('mine');
      const first = await openChooser(ctx.server, { redirect_to: LOGIN });
      const chosen = await chooseAccount(ctx.server, first, { email: mine, redirect_to: LOGIN });
      expect(tokensIn(chosen.location?.href ?? '')).toBe(true);
      const again = await openChooser(ctx.server, { redirect_to: LOGIN }, chosen.cookie);
      expect(again.html).toContain(mine);
      expect(again.html).not.toContain('victim@gmail.test');
      const stranger = await openChooser(ctx.server, { redirect_to: LOGIN });
      expect(stranger.html).not.toContain(mine);
    });

    it('a forged accounts cookie is ignored', async () => {
      const payload = Buffer.from(JSON.stringify(['victim@gmail.test'])).toString('base64url');
      const forged = (name: string) => `${name}=${payload}.${'A'.repeat(43)}`;
      const port = new URL(ctx.server.url).port;
      const page = await openChooser(
        ctx.server,
        { redirect_to: LOGIN },
        forged(`local_google_accounts_${port}`),
      );
      expect(page.html).not.toContain('victim@gmail.test');
    });
  });

  it('still signs a Google-only account in from its own chooser', async () => {
    const page = await openChooser(ctx.server, { redirect_to: LOGIN });
    const out = await chooseAccount(ctx.server, page, {
      email: 'victim@gmail.test',
      redirect_to: LOGIN,
    });
    const token = new URLSearchParams(out.location?.hash.slice(1)).get('access_token') ?? '';
    const me = await rawFetch(ctx.server, '/auth/v1/user', { token });
    expect(me.json).toMatchObject({ email: 'victim@gmail.test' });
  });
});

forEachDatabase(
  'security: Google stand-in under the real rate limits',
  { localGoogleSignIn: true, authRateLimits: {} },
  (ctx) => {
    it('each account chosen counts as a sign-up: the 31st from one client is refused', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const page = await openChooser(ctx.server, { redirect_to: LOGIN });
        const out = await chooseAccount(ctx.server, page, {
          email: fresh('burst'),
          redirect_to: LOGIN,
        });
        statuses.push(out.response.status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 303)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  },
);
