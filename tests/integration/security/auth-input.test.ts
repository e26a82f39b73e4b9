import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { openChooser } from '../../helpers/local-google';

/**
 * Bytes PostgreSQL cannot store (NUL, unpaired surrogates) or that are not UTF-8 at all, in every
 * auth field: each must be a 400 in GoTrue's shape, never a 500, and must change nothing.
 */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** A string is sent as UTF-8; bytes as they are. */
  body?: string | Uint8Array<ArrayBuffer>;
  form?: boolean;
  as?: 'user' | 'service' | 'anon';
}

const json = (v: unknown): string => JSON.stringify(v);
const NUL = '\u0000';
const LONE = '\ud800';
const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

const cases: Case[] = [
  {
    name: 'signup email with NUL',
    method: 'POST',
    path: '/signup',
    body: json({ email: `a${NUL}b@example.com`, password: 'secret1' }),
  },
  {
    name: 'signup email with a lone surrogate',
    method: 'POST',
    path: '/signup',
    body: json({ email: `${LONE}@example.com`, password: 'secret1' }),
  },
  {
    name: 'signup password with NUL',
    method: 'POST',
    path: '/signup',
    body: json({ email: 'nulpw@example.com', password: `sec${NUL}ret1` }),
  },
  {
    name: 'signup data value with NUL',
    method: 'POST',
    path: '/signup',
    body: json({ email: 'nuldata@example.com', password: 'secret1', data: { n: NUL } }),
  },
  {
    name: 'signup data value with a lone surrogate',
    method: 'POST',
    path: '/signup',
    body: json({ email: 'lonedata@example.com', password: 'secret1', data: { n: LONE } }),
  },
  {
    name: 'signup data key with NUL',
    method: 'POST',
    path: '/signup',
    body: json({ email: 'nulkey@example.com', password: 'secret1', data: { [`k${NUL}`]: 1 } }),
  },
  {
    name: 'signup data nested 5000 deep',
    method: 'POST',
    path: '/signup',
    body: `{"email":"deep@example.com","password":"secret1","data":${deep(5000)}}`,
  },
  {
    name: 'signup body that is not UTF-8',
    method: 'POST',
    path: '/signup',
    body: Uint8Array.from([
      ...Buffer.from('{"email":"bad'),
      0xff,
      0xfe,
      ...Buffer.from('@example.com","password":"secret1"}'),
    ]),
  },
  {
    name: 'signup redirect_to with NUL',
    method: 'POST',
    path: '/signup?redirect_to=http%3A%2F%2Flocalhost%3A4173%2F%00',
    body: json({ email: 'nulredirect@example.com', password: 'secret1' }),
  },
  {
    name: 'password grant email with NUL',
    method: 'POST',
    path: '/token?grant_type=password',
    body: json({ email: `a${NUL}b@example.com`, password: 'secret1' }),
  },
  {
    name: 'password grant as a form with %00',
    method: 'POST',
    path: '/token?grant_type=password',
    body: 'email=a%00b%40example.com&password=secret1',
    form: true,
  },
  {
    name: 'refresh token with NUL',
    method: 'POST',
    path: '/token?grant_type=refresh_token',
    body: json({ refresh_token: `a${NUL}b` }),
  },
  {
    name: 'PKCE auth code with NUL',
    method: 'POST',
    path: '/token?grant_type=pkce',
    body: json({ auth_code: `a${NUL}b`, code_verifier: 'x'.repeat(43) }),
  },
  {
    name: 'recover redirect_to that is not UTF-8',
    method: 'POST',
    path: '/recover?redirect_to=http%3A%2F%2Flocalhost%3A4173%2F%ED%A0%80',
    body: json({ email: 'someone@example.com' }),
  },
  {
    name: 'recover email with NUL',
    method: 'POST',
    path: '/recover',
    body: json({ email: `a${NUL}b@example.com` }),
  },
  {
    name: 'recover redirect_to %00',
    method: 'POST',
    path: '/recover?redirect_to=%00',
    body: json({ email: 'someone@example.com' }),
  },
  {
    name: 'resend email with NUL',
    method: 'POST',
    path: '/resend',
    body: json({ type: 'signup', email: `a${NUL}b@example.com` }),
  },
  {
    name: 'verify (POST) token with NUL',
    method: 'POST',
    path: '/verify',
    body: json({ type: 'signup', token: `a${NUL}` }),
  },
  { name: 'verify (GET) token %00', method: 'GET', path: '/verify?type=signup&token=%00' },
  {
    name: 'verify (GET) redirect_to that is not UTF-8',
    method: 'GET',
    path: '/verify?type=signup&token=x&redirect_to=http%3A%2F%2Flocalhost%3A4173%2F%FF',
  },
  {
    name: 'update user data with NUL',
    method: 'PUT',
    path: '/user',
    body: json({ data: { n: NUL } }),
    as: 'user',
  },
  {
    name: 'update user data with a lone surrogate',
    method: 'PUT',
    path: '/user',
    body: json({ data: { n: LONE } }),
    as: 'user',
  },
  {
    name: 'admin create email with NUL',
    method: 'POST',
    path: '/admin/users',
    body: json({ email: `a${NUL}b@example.com`, password: 'secret1' }),
    as: 'service',
  },
  {
    name: 'admin create metadata with a lone surrogate',
    method: 'POST',
    path: '/admin/users',
    body: json({ email: 'meta@example.com', user_metadata: { n: LONE } }),
    as: 'service',
  },
  { name: 'admin list page %00', method: 'GET', path: '/admin/users?page=%00', as: 'service' },
];

forEachDatabase('security: auth input encoding', { localGoogleSignIn: true }, (ctx) => {
  let userToken = '';
  let userId = '';

  const usersSnapshot = async (): Promise<string> => {
    const rows = await ctx.server.query<{ s: string }>(
      `select coalesce(json_agg(json_build_object('e', email, 'm', raw_user_meta_data, 'a', raw_app_meta_data) order by email)::text, '') as s from auth.users`,
    );
    return rows[0]?.s ?? '';
  };

  const send = async (c: Case): Promise<{ status: number; body: Record<string, unknown> }> => {
    const token =
      c.as === 'service'
        ? ctx.server.serviceRoleKey
        : c.as === 'user'
          ? userToken
          : ctx.server.anonKey;
    const res = await fetch(`${ctx.server.url}/auth/v1${c.path}`, {
      method: c.method,
      headers: {
        apikey: ctx.server.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': c.form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      ...(c.body !== undefined ? { body: c.body } : {}),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  beforeAll(async () => {
    const { data } = await ctx
      .anon()
      .auth.signUp({ email: 'input-owner@example.com', password: 'secret1' });
    userToken = data.session?.access_token ?? '';
    userId = data.user?.id ?? '';
  });

  it.each(cases)('$name → 400 validation_failed, nothing stored', async (c) => {
    const before = await usersSnapshot();
    const res = await send(c);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
    expect(typeof res.body.msg).toBe('string');
    expect(await usersSnapshot()).toBe(before);
  });

  it('admin update with NUL in app_metadata → 400, the user unchanged', async () => {
    const before = await usersSnapshot();
    const res = await send({
      name: 'admin update',
      method: 'PUT',
      path: `/admin/users/${userId}`,
      body: json({ app_metadata: { role: `x${NUL}` } }),
      as: 'service',
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('validation_failed');
    expect(await usersSnapshot()).toBe(before);
  });

  it('the Google stand-in form with %00 in the address → 400, no account', async () => {
    const chooser = await openChooser(ctx.server, { redirect_to: 'http://localhost:4173/login' });
    const before = await usersSnapshot();
    const res = await fetch(`${ctx.server.url}/auth/v1/authorize/local-google`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: chooser.cookie,
        origin: ctx.server.url,
      },
      body: `csrf=${chooser.csrf}&email=a%00b%40example.com&redirect_to=http%3A%2F%2Flocalhost%3A4173%2F`,
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Record<string, unknown>).error_code).toBe('validation_failed');
    expect(await usersSnapshot()).toBe(before);
  });

  it('no generated input makes any auth endpoint answer 500', async () => {
    const endpoints: [Case['method'], string][] = [
      ['POST', '/signup'],
      ['POST', '/token?grant_type=password'],
      ['POST', '/token?grant_type=refresh_token'],
      ['POST', '/token?grant_type=pkce'],
      ['POST', '/recover'],
      ['POST', '/resend'],
      ['POST', '/verify'],
      ['PUT', '/user'],
      ['POST', '/admin/users'],
    ];
    const values: unknown[] = [
      NUL,
      LONE,
      '\udc00x',
      '\ufffd',
      '',
      'x'.repeat(10_000),
      -1,
      1e308,
      true,
      null,
      [],
      {},
      [NUL],
      { [LONE]: 1 },
    ];
    const fields = [
      'email',
      'password',
      'data',
      'refresh_token',
      'auth_code',
      'code_verifier',
      'type',
      'token',
      'token_hash',
      'user_metadata',
    ];
    const statuses = new Set<number>();
    for (const [method, path] of endpoints) {
      for (const [i, field] of fields.entries()) {
        const value = values[(i * 7 + path.length) % values.length];
        const res = await send({
          name: 'generated',
          method,
          path,
          body: json({
            email: 'gen@example.com',
            password: 'secret1',
            type: 'signup',
            [field]: value,
          }),
          as: path.startsWith('/admin') ? 'service' : 'user',
        });
        statuses.add(res.status);
        expect(res.status, `${method} ${path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
    expect([...statuses].every((s) => s >= 200 && s < 500)).toBe(true);
  });
});
