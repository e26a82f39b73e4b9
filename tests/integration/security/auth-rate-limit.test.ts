import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';

/**
 * supabase/config.toml's real limits ([auth.rate_limit] and [auth.email] max_frequency): these
 * servers pass `authRateLimits: {}`, unlike the other suites. The proxied server keys on
 * X-Forwarded-For so each test can play its own client address.
 */
let ipSeq = 1;
const newIp = (): string => `198.51.100.${ipSeq++}`;
let seq = 0;
const fresh = (tag: string): string => `${tag}-${Date.now()}-${seq++}@example.com`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

async function post(ctx: SuiteContext, path: string, body: unknown, ip?: string): Promise<Answer> {
  const res = await fetch(`${ctx.server.url}/auth/v1${path}`, {
    method: path.startsWith('/verify?') ? 'GET' : 'POST',
    headers: {
      apikey: ctx.server.anonKey,
      'content-type': 'application/json',
      ...(ip ? { 'x-forwarded-for': `203.0.113.250, ${ip}` } : {}),
    },
    ...(path.startsWith('/verify?') ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: res.headers.get('retry-after'),
  };
}

const password = (email: string, pw = 'wrong-guess') => ({ email, password: pw });

function expectRequestLimit(a: Answer): void {
  expect(a.status).toBe(429);
  expect(a.body).toMatchObject({
    code: 429,
    error_code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  });
  expect(Number(a.retryAfter)).toBeGreaterThan(0);
}

/** Sends `n` requests and returns the statuses. */
async function burst(n: number, send: (i: number) => Promise<Answer>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
}

forEachDatabase(
  'security: auth rate limits (behind a proxy)',
  { authRateLimits: {}, trustProxy: true },
  (ctx) => {
    const victim = 'victim@example.com';

    beforeAll(async () => {
      await ctx
        .service()
        .auth.admin.createUser({ email: victim, password: 'right-password', email_confirm: true });
    });

    it("the issue's 20 guesses in 2 s: the 11th on one address is refused, the right password too", async () => {
      const ip = newIp();
      const statuses = await burst(10, () =>
        post(ctx, '/token?grant_type=password', password(victim), ip),
      );
      expect(statuses.every((s) => s === 400)).toBe(true);
      expectRequestLimit(await post(ctx, '/token?grant_type=password', password(victim), ip));
      expectRequestLimit(
        await post(ctx, '/token?grant_type=password', password(victim, 'right-password'), newIp()),
      );
    });

    it('the per-address limit holds across client addresses, and leaves other addresses alone', async () => {
      const target = fresh('spread');
      await ctx
        .service()
        .auth.admin.createUser({ email: target, password: 'right-password', email_confirm: true });
      const statuses = await burst(10, () =>
        post(ctx, '/token?grant_type=password', password(target), newIp()),
      );
      expect(statuses.every((s) => s === 400)).toBe(true);
      expectRequestLimit(
        await post(ctx, '/token?grant_type=password', password(target.toUpperCase()), newIp()),
      );
      const other = await post(
        ctx,
        '/token?grant_type=password',
        password('other@example.com'),
        newIp(),
      );
      expect(other.status).toBe(400);
    });

    it('the per-address limit counts the account, not its spelling (İ folds to i in Postgres)', async () => {
      const target = `limit-${Date.now()}-${seq++}@example.com`;
      await ctx
        .service()
        .auth.admin.createUser({ email: target, password: 'right-password', email_confirm: true });
      const dotted = target.replace('i', 'İ');
      const statuses = await burst(10, (i) =>
        post(ctx, '/token?grant_type=password', password(i % 2 ? dotted : target), newIp()),
      );
      expect(statuses.every((s) => s === 400)).toBe(true);
      expectRequestLimit(
        await post(ctx, '/token?grant_type=password', password(dotted, 'right-password'), newIp()),
      );
    });

    it('correct passwords do not use up the per-address allowance', async () => {
      const email = fresh('regular');
      await ctx
        .service()
        .auth.admin.createUser({ email, password: 'right-password', email_confirm: true });
      const statuses = await burst(15, () =>
        post(ctx, '/token?grant_type=password', password(email, 'right-password'), newIp()),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    });

    it('sign_in_sign_ups: the 31st password attempt from one address is refused', async () => {
      const ip = newIp();
      const statuses = await burst(30, () =>
        post(ctx, '/token?grant_type=password', password(fresh('spray')), ip),
      );
      expect(statuses.every((s) => s === 400)).toBe(true);
      expectRequestLimit(
        await post(ctx, '/token?grant_type=password', password(fresh('spray')), ip),
      );
      // Refreshing is counted apart (token_refresh), like GoTrue.
      const refresh = await post(
        ctx,
        '/token?grant_type=refresh_token',
        { refresh_token: 'nope' },
        ip,
      );
      expect(refresh.status).toBe(400);
      // Another client is unaffected.
      expect(
        (await post(ctx, '/token?grant_type=password', password(fresh('spray')), newIp())).status,
      ).toBe(400);
    });

    it('token_refresh: the 151st refresh from one address is refused', async () => {
      const ip = newIp();
      const statuses = await burst(150, () =>
        post(ctx, '/token?grant_type=refresh_token', { refresh_token: `nope-${seq++}` }, ip),
      );
      expect(statuses.every((s) => s === 400)).toBe(true);
      expectRequestLimit(
        await post(ctx, '/token?grant_type=refresh_token', { refresh_token: 'nope' }, ip),
      );
    });

    it.each([
      [
        'signup',
        (i: number) => ['/signup', { email: fresh(`su${i}`), password: 'secret1' }] as const,
        200,
      ],
      ['recover', (i: number) => ['/recover', { email: fresh(`rc${i}`) }] as const, 200],
      [
        'resend',
        (i: number) => ['/resend', { type: 'signup', email: fresh(`rs${i}`) }] as const,
        200,
      ],
      ['verify (POST)', () => ['/verify', { type: 'signup', token: 'nope' }] as const, 403],
      ['verify (link)', () => ['/verify?type=signup&token=nope', null] as const, 303],
    ])('%s: 30 per 5 minutes from one address, then 429', async (_name, make, okStatus) => {
      const ip = newIp();
      const statuses = await burst(30, (i) => {
        const [path, body] = make(i);
        return post(ctx, path, body, ip);
      });
      expect(statuses.every((s) => s === okStatus)).toBe(true);
      const [path, body] = make(99);
      expectRequestLimit(await post(ctx, path, body, ip));
    });

    it('max_frequency: a second reset mail to one address within a minute is refused, one mail sent', async () => {
      const email = fresh('often');
      await ctx
        .service()
        .auth.admin.createUser({ email, password: 'secret1', email_confirm: true });
      expect((await post(ctx, '/recover', { email }, newIp())).status).toBe(200);
      const again = await post(ctx, '/recover', { email }, newIp());
      expect(again.status).toBe(429);
      expect(again.body.error_code).toBe('over_email_send_rate_limit');
      expect(String(again.body.msg)).toMatch(
        /^For security purposes, you can only request this after ([1-9]|[1-5]\d|60) seconds\.$/,
      );
      expect(ctx.server.mails().filter((m) => m.to === email)).toHaveLength(1);
    });

    it('a refused reset keeps the first link working', async () => {
      const email = fresh('keep');
      await ctx
        .service()
        .auth.admin.createUser({ email, password: 'secret1', email_confirm: true });
      await post(ctx, '/recover', { email }, newIp());
      await post(ctx, '/recover', { email }, newIp());
      const link = ctx.server.mails().find((m) => m.to === email)?.link ?? '';
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.headers.get('location')).toContain('access_token=');
    });
    it('email_sent: the whole server sends at most 30 mails an hour, whoever asks', async () => {
      // Every mail this server sent so far counted too.
      const left = 30 - ctx.server.mails().length;
      const emails = Array.from({ length: left + 1 }, (_, i) => fresh(`bulk${i}`));
      for (const email of emails) {
        await ctx
          .service()
          .auth.admin.createUser({ email, password: 'secret1', email_confirm: true });
      }
      const statuses = await burst(left, (i) =>
        post(ctx, '/recover', { email: emails[i] }, newIp()),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const over = await post(ctx, '/recover', { email: emails[left] }, newIp());
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({
        error_code: 'over_email_send_rate_limit',
        msg: 'email rate limit exceeded',
      });
      expect(ctx.server.mails()).toHaveLength(30);
    });
  },
);

forEachDatabase('security: auth rate limits (direct clients)', { authRateLimits: {} }, (ctx) => {
  it('X-Forwarded-For is not trusted unless configured: rotating it does not reset the count', async () => {
    let spoof = 0;
    const send = () =>
      fetch(`${ctx.server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: ctx.server.anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': `192.0.2.${++spoof}`,
        },
        body: JSON.stringify(password(fresh('xff'))),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send()).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
