import { expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';
import { chooseAccount, openChooser } from '../../helpers/local-google';

/**
 * redirect_to decides where a browser carrying fresh tokens goes. As GoTrue: the site URL's own
 * host, loopback, and supabase/config.toml's additional_redirect_urls (globs); anything else
 * falls back to the site URL, read the way the browser will read it.
 */
const SITE = 'http://localhost:4173';

const refused: string[] = [
  'https://evil.com/',
  'http://evil.com/password-reset',
  'http://localhost.evil.com/',
  'https://localhost.evil.com/',
  'http://localhost:4173.evil.com/',
  'http://localhost%2eevil.com/',
  'http://localhost:4173@evil.com/',
  'http://localhost:4173@evil.com/password-reset',
  'http://user:pass@evil.com/',
  '//evil.com/',
  '/\\evil.com',
  'http://evil.com\\@localhost:4173/',
  'http://localhost:4173\\@evil.com/',
  'http:\\\\evil.com',
  ' http://evil.com/',
  'http://evil.com\t/',
  'http://evil.com#http://localhost:4173/',
  'http://evil.com/?next=http://localhost:4173/',
  'http://evil.com/http://localhost:4173/password-reset',
  'https://localhost:4173/',
  'ftp://localhost:4173/',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)//http://localhost:4173/',
  'data:text/html,<script>alert(1)</script>',
  'http://10.0.0.1:4173/',
  'http://[::ffff:a00:1]:4173/',
  'http://0x0a000001/',
  'http://167772161/',
];

const allowed: string[] = [
  'http://localhost:4173/password-reset',
  'http://localhost:5173/password-reset',
  'http://localhost:41234/login?redirect=%2Fpolicy-tracker',
  'http://127.0.0.1:8080/callback',
  'http://[::1]:8080/callback',
];

/** Where an invalid verification link sends the browser. */
async function verifyLands(ctx: SuiteContext, redirectTo: string): Promise<URL> {
  const q = new URLSearchParams({
    type: 'recovery',
    token: 'not-a-token',
    redirect_to: redirectTo,
  });
  const res = await fetch(`${ctx.server.url}/auth/v1/verify?${q.toString()}`, {
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

function samePage(u: URL, expected: string): void {
  const e = new URL(expected);
  expect(`${u.protocol}//${u.host}${u.pathname}${u.search}`).toBe(
    `${e.protocol}//${e.host}${e.pathname}${e.search}`,
  );
}

forEachDatabase(
  'security: auth redirects (default config)',
  { localGoogleSignIn: true, autoconfirm: false },
  (ctx) => {
    it.each(refused)('/verify refuses %j and lands on the site URL', async (target) => {
      const landed = await verifyLands(ctx, target);
      samePage(landed, `${SITE}/`);
      expect(landed.hash).toContain('error_code=otp_expired');
    });

    it.each(allowed)('/verify keeps %j', async (target) => {
      samePage(await verifyLands(ctx, target), target);
    });

    let seq = 0;
    const fresh = (): string => `redirect-${Date.now()}-${seq++}@example.com`;
    const mailedRedirect = (to: string): string => {
      const mail = ctx.server
        .mails()
        .filter((m) => m.to === to)
        .at(-1);
      return new URL(mail?.link ?? 'http://invalid/').searchParams.get('redirect_to') ?? '';
    };

    const endpoints: [string, (target: string) => Promise<string>][] = [
      [
        'recover (the mailed link)',
        async (target) => {
          const email = fresh();
          await ctx
            .service()
            .auth.admin.createUser({ email, password: 'secret1', email_confirm: true });
          await ctx.anon().auth.resetPasswordForEmail(email, { redirectTo: target });
          return mailedRedirect(email);
        },
      ],
      [
        'signup (emailRedirectTo in the confirmation)',
        async (target) => {
          const email = fresh();
          await ctx
            .anon()
            .auth.signUp({ email, password: 'secret1', options: { emailRedirectTo: target } });
          return mailedRedirect(email);
        },
      ],
      [
        'resend (emailRedirectTo in the confirmation)',
        async (target) => {
          const email = fresh();
          await ctx.service().auth.admin.createUser({ email, password: 'secret1' });
          await ctx
            .anon()
            .auth.resend({ type: 'signup', email, options: { emailRedirectTo: target } });
          return mailedRedirect(email);
        },
      ],
      [
        'authorize (Google stand-in)',
        async (target) => {
          const chooser = await openChooser(ctx.server, { redirect_to: target });
          return (
            /name="redirect_to" value="([^"]*)"/
              .exec(chooser.html)?.[1]
              ?.replaceAll('&amp;', '&') ?? ''
          );
        },
      ],
      [
        'the stand-in form (a tampered redirect_to)',
        async (target) => {
          const chooser = await openChooser(ctx.server, { redirect_to: `${SITE}/login` });
          const out = await chooseAccount(ctx.server, chooser, {
            email: fresh(),
            redirect_to: target,
          });
          const l = out.location;
          return l ? `${l.protocol}//${l.host}${l.pathname}${l.search}` : '';
        },
      ],
    ];

    const probes: [string, string][] = [
      ['http://localhost:4173@evil.com/', SITE],
      ['https://evil.com/steal', SITE],
      ['//evil.com/', SITE],
      ['http://localhost:5173/password-reset', 'http://localhost:5173/password-reset'],
    ];
    const table = endpoints.flatMap(([name, run]) =>
      probes.map(([target, expected]) => ({ name, run, target, expected })),
    );

    it.each(table)('$name: $target → $expected', async ({ run, target, expected }) => {
      samePage(new URL(await run(target)), expected);
    });
  },
);

forEachDatabase(
  'security: auth redirects (site URL and allow-list given)',
  {
    siteUrl: 'https://bima.example',
    redirectAllowList: ['https://*.bima.example/**', 'com.bimaguide.app://callback'],
  },
  (ctx) => {
    it.each([
      ['https://bima.example/password-reset', true],
      ['https://app.bima.example/deep/path?x=1', true],
      ['com.bimaguide.app://callback', true],
      ['https://bima.example.evil.com/', false],
      ['https://evil.com/?https://app.bima.example/', false],
      ['https://app.bima.example@evil.com/', false],
      ['https://evilcom?.bima.example/', false],
      ['https://a.b.bima.example.evil.com/', false],
      ['http://bima.example/', false],
      ['https://bima.example:8443/', false],
      ['com.bimaguide.app://callback.evil.com', false],
      ['http://localhost:4173/', false],
    ])('%s → allowed %s', async (target, ok) => {
      const landed = await verifyLands(ctx, target);
      if (ok) {
        expect(landed.href.split('#')[0]).toBe(target);
      } else {
        samePage(landed, 'https://bima.example/');
      }
    });
  },
);
