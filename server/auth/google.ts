import crypto from 'node:crypto';
import { z } from 'zod';
import { escapeHtml } from '../http.ts';
import { AuthError } from './errors.ts';
import type { AuthRequest, AuthResponse } from './types.ts';
import type { RedirectPolicy } from './redirect.ts';

/** What the stand-in hands back once an account is chosen. */
export type GoogleOutcome = { code: string } | { fragment: URLSearchParams };

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

export interface GoogleStandInOptions {
  redirects: RedirectPolicy;
  /** Signs in (or creates) the Google account with this address; throws AuthError to refuse. */
  complete: (email: string, pkce: Pkce | null) => Promise<GoogleOutcome>;
  /** Validates and normalises an address (GoTrue's rules). */
  checkEmail: (email: string) => string;
}

const CHOOSER_PATH = '/auth/v1/authorize/local-google';
const COOKIE_PATH = '/auth/v1/authorize';
const CSRF_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const REMEMBERED_ACCOUNTS = 5;

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about either value.
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

const accountsSchema = z.array(z.string()).max(REMEMBERED_ACCOUNTS);

/**
 * The local stand-in for Google sign-in, for development only (off unless the server is started
 * with it). GoTrue's `/authorize` redirects to Google; here it redirects to an account chooser
 * on this server. The chooser's form is bound to the browser that opened it (a random token in
 * an HttpOnly SameSite=Lax cookie, repeated in the form), so a page on another origin cannot
 * submit it; it lists only the accounts this browser chose before (a signed cookie); and it
 * never signs into an account that has a password.
 */
export class GoogleStandIn {
  /** Signs the remembered-accounts cookie; a restart forgets them, which is harmless. */
  private readonly key = crypto.randomBytes(32);

  constructor(private readonly opts: GoogleStandInOptions) {}

  /** GET /authorize?provider=google: on to the chooser, as GoTrue goes on to Google. */
  authorize(req: AuthRequest): AuthResponse {
    const q = new URLSearchParams();
    q.set('redirect_to', this.opts.redirects.target(req.query.get('redirect_to')));
    for (const k of ['code_challenge', 'code_challenge_method']) {
      const v = req.query.get(k);
      if (v) q.set(k, v);
    }
    return { status: 302, headers: { Location: `${CHOOSER_PATH}?${q.toString()}` }, body: '' };
  }

  /** GET /authorize/local-google: the account chooser. */
  chooser(req: AuthRequest): AuthResponse {
    const cookies = parseCookies(req.headers.cookie);
    const existing = cookies.get(this.cookieName(req, 'csrf')) ?? '';
    const csrf = CSRF_PATTERN.test(existing)
      ? existing
      : crypto.randomBytes(32).toString('base64url');
    const redirectTo = this.opts.redirects.target(req.query.get('redirect_to'));
    const hidden = [
      ['csrf', csrf],
      ['redirect_to', redirectTo],
      ['code_challenge', req.query.get('code_challenge') ?? ''],
      ['code_challenge_method', req.query.get('code_challenge_method') ?? ''],
    ]
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v ?? '')}">`)
      .join('\n');
    const accounts = this.rememberedAccounts(req)
      .map(
        (email) => `<form method="post" action="${CHOOSER_PATH}">${hidden}
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit" class="account">${escapeHtml(email)}</button></form>`,
      )
      .join('\n');
    return {
      status: 200,
      headers: {
        ...this.privateHeaders(req),
        'Content-Type': 'text/html; charset=utf-8',
        'Set-Cookie': this.cookie(req, 'csrf', csrf, 3600),
      },
      body: chooserHtml(accounts, hidden),
    };
  }

  /** POST /authorize/local-google: the chosen (or typed) account. */
  async submit(req: AuthRequest, form: Record<string, unknown>): Promise<AuthResponse> {
    const str = (k: string): string => (typeof form[k] === 'string' ? form[k] : '');
    this.checkSameBrowser(req, str('csrf'));
    const redirectTo = this.opts.redirects.target(str('redirect_to'));
    const challenge = str('code_challenge');
    const pkce: Pkce | null = challenge
      ? {
          challenge,
          method: str('code_challenge_method').toLowerCase() === 'plain' ? 'plain' : 's256',
        }
      : null;
    let email: string;
    let outcome: GoogleOutcome;
    try {
      email = this.opts.checkEmail(str('email'));
      outcome = await this.opts.complete(email, pkce);
    } catch (e) {
      if (e instanceof AuthError) return errorRedirect(redirectTo, e);
      throw e;
    }
    const target = new URL(redirectTo);
    if ('code' in outcome) target.searchParams.set('code', outcome.code);
    else target.hash = outcome.fragment.toString();
    const remembered = [email, ...this.rememberedAccounts(req).filter((a) => a !== email)];
    return {
      status: 303,
      headers: {
        ...this.privateHeaders(req),
        Location: target.toString(),
        'Set-Cookie': this.cookie(
          req,
          'accounts',
          this.sign(remembered.slice(0, REMEMBERED_ACCOUNTS)),
          30 * 86400,
        ),
      },
      body: '',
    };
  }

  /**
   * The form must come from the chooser this browser was shown: same origin (when the browser
   * says so) and the token of this browser's cookie.
   */
  private checkSameBrowser(req: AuthRequest, token: string): void {
    const refuse = () => new AuthError(400, 'bad_oauth_state', 'OAuth state parameter is invalid');
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw refuse();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== this.ownOrigin(req)) throw refuse();
    const cookie = parseCookies(req.headers.cookie).get(this.cookieName(req, 'csrf')) ?? '';
    if (!CSRF_PATTERN.test(cookie) || !sameSecret(cookie, token)) throw refuse();
  }

  private ownOrigin(req: AuthRequest): string {
    return `http://${req.headers.host ?? ''}`;
  }

  /** Only this server's own pages may read the chooser (the API otherwise answers any origin). */
  private privateHeaders(req: AuthRequest): Record<string, string> {
    return {
      'Access-Control-Allow-Origin': this.ownOrigin(req),
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
      // Not no-referrer: Chromium then sends `Origin: null` with the chooser's own form post.
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    };
  }

  /** Cookies ignore ports: the name carries it, so two local servers do not clash. */
  private cookieName(req: AuthRequest, what: 'csrf' | 'accounts'): string {
    const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? '80';
    return `local_google_${what}_${port}`;
  }

  private cookie(
    req: AuthRequest,
    what: 'csrf' | 'accounts',
    value: string,
    maxAge: number,
  ): string {
    return `${this.cookieName(req, what)}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
  }

  private mac(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private sign(accounts: string[]): string {
    const payload = Buffer.from(JSON.stringify(accounts)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  private rememberedAccounts(req: AuthRequest): string[] {
    const raw = parseCookies(req.headers.cookie).get(this.cookieName(req, 'accounts')) ?? '';
    const [payload = '', mac = ''] = raw.split('.');
    if (!payload || !sameSecret(mac, this.mac(payload))) return [];
    try {
      const list = accountsSchema.safeParse(
        JSON.parse(Buffer.from(payload, 'base64url').toString()),
      );
      return list.success ? list.data : [];
    } catch {
      return [];
    }
  }
}

/** GoTrue's redirectErrors: the error in the query and again in the fragment. */
function errorRedirect(redirectTo: string, e: AuthError): AuthResponse {
  const u = new URL(redirectTo);
  const error =
    e.status === 400 ? 'invalid_request' : e.status === 403 ? 'access_denied' : 'server_error';
  const params = { error, error_code: e.errorCode, error_description: e.message };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  u.hash = new URLSearchParams({ ...params, sb: '' }).toString();
  return { status: 303, headers: { Location: u.toString() }, body: '' };
}

function chooserHtml(accounts: string, hidden: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account (local Google stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
.banner{background:#fff3cd;border:1px solid #e0c36c;padding:.75rem;border-radius:6px}
.account{display:block;width:100%;margin:.25rem 0;padding:.6rem;text-align:left;cursor:pointer}
input[type=email]{width:100%;padding:.5rem;box-sizing:border-box}</style></head>
<body><p class="banner" role="note"><strong>Local development stand-in for Google sign-in.</strong>
No Google account is contacted; hosted deployments use real Google.</p>
<h1>Choose an account</h1>
${accounts || '<p>No Google accounts used yet in this browser.</p>'}
<h2>Use another account</h2>
<form method="post" action="${CHOOSER_PATH}">${hidden}
<label>Email <input type="email" name="email" required autocomplete="email" placeholder="you@gmail.com"></label>
<p><button type="submit">Continue</button></p></form></body></html>`;
}
