// JWT forgery and expiry: every token an attacker can make without the server's secret, and
// every token the server issued that is no longer valid, is refused by REST, auth and the
// functions endpoint, with PostgREST's and GoTrue's error shapes.
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = (): number => Math.floor(Date.now() / 1000);

function hs256(secret: string, claims: Record<string, unknown>, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** Re-signs nothing: swaps the payload of a genuine token and keeps its signature. */
function withPayload(token: string, claims: Record<string, unknown>): string {
  const [head = '', , sig = ''] = token.split('.');
  return `${head}.${b64(claims)}.${sig}`;
}

interface Forged {
  name: string;
  token: (s: SuiteContext['server'], user: { token: string; id: string }) => Promise<string>;
  /** PostgREST's code for the REST answer. */
  code: 'PGRST301' | 'PGRST303';
}

const serviceClaims = (): Record<string, unknown> => ({
  role: 'service_role',
  iss: 'supabase-local',
  exp: now() + 3600,
});

const forged: Forged[] = [
  {
    name: 'alg none claiming service_role',
    token: () => Promise.resolve(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(serviceClaims())}.`),
    code: 'PGRST301',
  },
  {
    name: 'signed with another secret',
    token: () => hs256(crypto.randomBytes(32).toString('base64url'), serviceClaims()),
    code: 'PGRST301',
  },
  {
    name: 'signed with the anon key as the secret',
    token: (s) => hs256(s.anonKey, serviceClaims()),
    code: 'PGRST301',
  },
  {
    name: 'HS512 with the real secret (algorithm not accepted)',
    token: (s) => hs256(s.jwtSecret, serviceClaims(), 'HS512'),
    code: 'PGRST301',
  },
  {
    name: "a user's token with its role swapped to service_role",
    token: (_s, u) =>
      Promise.resolve(
        withPayload(u.token, {
          ...(JSON.parse(
            Buffer.from(u.token.split('.')[1] ?? '', 'base64url').toString(),
          ) as Record<string, unknown>),
          role: 'service_role',
        }),
      ),
    code: 'PGRST301',
  },
  {
    name: "the anon key with another user's sub added",
    token: (s, u) =>
      Promise.resolve(
        withPayload(s.anonKey, { role: 'authenticated', sub: u.id, exp: now() + 3600 }),
      ),
    code: 'PGRST301',
  },
  {
    name: 'three dots of garbage',
    token: () => Promise.resolve('not.a.jwt'),
    code: 'PGRST301',
  },
  {
    name: 'a single opaque word',
    token: () => Promise.resolve('opaque'),
    code: 'PGRST301',
  },
  {
    name: 'a header that is not JSON',
    token: () => Promise.resolve(`${Buffer.from('{{{').toString('base64url')}.${b64({})}.x`),
    code: 'PGRST301',
  },
  {
    name: 'expired an hour ago, genuinely signed',
    token: (s) =>
      hs256(s.jwtSecret, { role: 'authenticated', sub: crypto.randomUUID(), exp: now() - 3600 }),
    code: 'PGRST303',
  },
  {
    name: 'not valid before tomorrow',
    token: (s) =>
      hs256(s.jwtSecret, { role: 'service_role', nbf: now() + 86_400, exp: now() + 90_000 }),
    code: 'PGRST301',
  },
];

forEachDatabase('JWT forgery and expiry', { seedFile: null }, (ctx) => {
  let user = { token: '', id: '' };

  beforeAll(async () => {
    const sb = ctx.anon();
    const email = `jwt-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const { data, error } = await sb.auth.signUp({ email, password: 'secret1' });
    if (error || !data.session || !data.user) throw new Error(`sign up failed: ${error?.message}`);
    user = { token: data.session.access_token, id: data.user.id };
  });

  it.each(forged)('REST refuses a forged token: $name', async (c) => {
    const token = await c.token(ctx.server, user);
    const res = await rawFetch(ctx.server, '/rest/v1/policies?select=id', {
      token,
      headers: { apikey: token },
    });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: c.code, details: null, hint: null });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it.each(forged)('auth refuses a forged token on /user: $name', async (c) => {
    const token = await c.token(ctx.server, user);
    const res = await rawFetch(ctx.server, '/auth/v1/user', { token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 403, error_code: 'bad_jwt' });
  });

  it.each(forged)('the admin API refuses a forged service key: $name', async (c) => {
    const token = await c.token(ctx.server, user);
    const res = await rawFetch(ctx.server, '/auth/v1/admin/users', { token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error_code: 'not_admin' });
  });

  it.each(forged)('the reminder job refuses a forged service key: $name', async (c) => {
    const token = await c.token(ctx.server, user);
    const res = await rawFetch(ctx.server, '/functions/v1/renewal-reminders', {
      method: 'POST',
      token,
      headers: { apikey: token },
    });
    expect(res.status).toBe(401);
  });

  it.each(['postgres', 'supabase_admin', 'authenticator', 'pg_read_server_files', ''])(
    'REST refuses a genuinely signed token whose role is "%s"',
    async (role) => {
      const token = await hs256(ctx.server.jwtSecret, { role, exp: now() + 60 });
      const res = await rawFetch(ctx.server, '/rest/v1/policies?select=id', { token });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'PGRST301' });
    },
  );

  it('a request with no key at all is refused by the gateway', async () => {
    const res = await fetch(`${ctx.server.url}/rest/v1/policies?select=id`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('a forged token in the apikey query parameter is refused', async () => {
    const token = await hs256('wrong-secret-wrong-secret-wrong-secret', serviceClaims());
    const res = await fetch(`${ctx.server.url}/rest/v1/policies?select=id&apikey=${token}`);
    expect(res.status).toBe(401);
  });

  it('a user token is not the service key: admin API, reminder job and other rows stay shut', async () => {
    const admin = await rawFetch(ctx.server, '/auth/v1/admin/users', { token: user.token });
    expect(admin.status).toBe(403);
    const job = await rawFetch(ctx.server, '/functions/v1/renewal-reminders', {
      method: 'POST',
      token: user.token,
    });
    expect(job.status).toBe(401);
  });

  it('a token outlives neither its session (sign-out) nor its user (deletion)', async () => {
    const email = `jwt-out-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const sb = ctx.anon();
    const { data } = await sb.auth.signUp({ email, password: 'secret1' });
    const token = data.session?.access_token ?? '';
    const id = data.user?.id ?? '';
    expect((await rawFetch(ctx.server, '/auth/v1/user', { token })).status).toBe(200);
    const out = await rawFetch(ctx.server, '/auth/v1/logout?scope=global', {
      method: 'POST',
      token,
    });
    expect(out.status).toBe(204);
    const after = await rawFetch(ctx.server, '/auth/v1/user', { token });
    expect(after.status).toBe(403);
    expect(after.json).toMatchObject({ error_code: 'session_not_found' });

    const again = await ctx.anon().auth.signInWithPassword({ email, password: 'secret1' });
    const token2 = again.data.session?.access_token ?? '';
    const del = await rawFetch(ctx.server, `/auth/v1/admin/users/${id}`, {
      method: 'DELETE',
      token: ctx.server.serviceRoleKey,
    });
    expect(del.status).toBe(200);
    const gone = await rawFetch(ctx.server, '/auth/v1/user', { token: token2 });
    expect(gone.status).toBe(403);
    expect(gone.json).toMatchObject({ error_code: 'user_not_found' });
  });

  it('an access token forged for another user cannot read that user’s policies', async () => {
    const insert = await rawFetch(ctx.server, '/rest/v1/policies', {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({
        id: crypto.randomUUID(),
        user_id: user.id,
        insurer_name: 'Forgery Test Insurer',
        policy_number: 'JWT-1',
        start_date: '2026-01-01',
        next_renewal_date: '2027-01-01',
      }),
    });
    expect(insert.status).toBe(201);
    const mine = await rawFetch(ctx.server, '/rest/v1/policies?select=insurer_name', {
      token: user.token,
    });
    expect(mine.json).toEqual([{ insurer_name: 'Forgery Test Insurer' }]);
    const stranger = await hs256('a-guess-at-the-secret-that-is-long-enough', {
      role: 'authenticated',
      sub: user.id,
      exp: now() + 60,
    });
    const theirs = await rawFetch(ctx.server, '/rest/v1/policies?select=insurer_name', {
      token: stranger,
    });
    expect(theirs.status).toBe(401);
  });
});
