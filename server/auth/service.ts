import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import type { Db, Tx } from '../db.ts';
import type { Keys } from '../keys.ts';
import type { Mailbox } from '../mailbox.ts';
import { isPgError } from '../db.ts';
import { isRecord, parseJson } from '../http.ts';
import type { AuthRateLimits } from './config.ts';
import { AuthError } from './errors.ts';
import { GoogleStandIn } from './google.ts';
import type { GoogleOutcome, Pkce } from './google.ts';
import { checkQuery, checkText, checkValue } from './input.ts';
import { AuthRateLimiter } from './rate-limit.ts';
import { RedirectPolicy } from './redirect.ts';
import type { AuthRequest, AuthResponse } from './types.ts';
import { USER_COLS, userJson } from './users.ts';
import type { UserJson, UserRow } from './users.ts';

export { AuthError } from './errors.ts';
export type { AuthRequest, AuthResponse } from './types.ts';

export interface AuthOptions {
  autoconfirm: boolean;
  siteUrl: string;
  /** `additional_redirect_urls`: globs of the other addresses tokens may be sent to. */
  additionalRedirectUrls: string[];
  rateLimits: AuthRateLimits;
  /** The local Google stand-in (development only). */
  localGoogleSignIn: boolean;
  /** Public base URL of this server, for links in mails. */
  publicUrl: () => string;
  bcryptCost: number;
  /** How long a rotated refresh token may still be used (GoTrue's reuse interval). */
  refreshReuseSeconds: number;
}

const ACCESS_TOKEN_TTL = 3600;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const credentialsSchema = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/** The user attributes the admin API takes (supabase-js auth.admin.createUser / updateUserById). */
const adminUserSchema = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  user_metadata: z.record(z.string(), z.unknown()).nullish(),
  app_metadata: z.record(z.string(), z.unknown()).nullish(),
});
const adminUserUpdateSchema = adminUserSchema.extend({ ban_duration: z.string().nullish() });

function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

function sha256b64url(s: string): string {
  return crypto.createHash('sha256').update(s).digest('base64url');
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

type MailKind = 'confirmation' | 'recovery';

/** A mail whose token is stored and counted, to be sent once the transaction commits. */
interface PendingMail {
  user: UserRow;
  kind: MailKind;
  token: string;
}

type SignupResult =
  | { session: Session }
  | { obfuscated: Record<string, unknown> }
  | { user: UserRow; mail: PendingMail };

export class AuthService {
  private readonly redirects: RedirectPolicy;
  private readonly limiter: AuthRateLimiter;
  private readonly google: GoogleStandIn;

  constructor(
    private readonly db: Db,
    private readonly keys: Keys,
    private readonly mailbox: Mailbox,
    private readonly opts: AuthOptions,
  ) {
    this.redirects = new RedirectPolicy(opts.siteUrl, opts.additionalRedirectUrls);
    this.limiter = new AuthRateLimiter(opts.rateLimits);
    this.google = new GoogleStandIn({
      redirects: this.redirects,
      complete: (email, pkce) => this.googleSignIn(email, pkce),
      checkEmail: (email) => this.checkEmail(email),
    });
  }

  async handle(req: AuthRequest): Promise<AuthResponse> {
    try {
      checkQuery(req.query);
      return await this.route(req);
    } catch (e) {
      if (e instanceof AuthError) {
        const body: Record<string, unknown> = {
          code: e.status,
          error_code: e.errorCode,
          msg: e.message,
          ...e.extra,
        };
        if (req.path === '/token') {
          // The OAuth-style fields older clients read on the token endpoint.
          body.error = e.errorCode === 'invalid_credentials' ? 'invalid_grant' : e.errorCode;
          body.error_description = e.message;
        }
        return jsonRes(e.status, body, e.headers);
      }
      const message = e instanceof Error ? e.message : 'Internal Server Error';
      return jsonRes(500, { code: 500, error_code: 'unexpected_failure', msg: message });
    }
  }

  private body(req: AuthRequest): Record<string, unknown> {
    if (req.body.trim() === '') return {};
    checkText(req.body);
    const contentType = req.headers['content-type'] ?? '';
    let value: unknown;
    if (contentType.includes('application/x-www-form-urlencoded')) {
      value = Object.fromEntries(new URLSearchParams(req.body));
    } else {
      const p = parseJson(req.body);
      if (!p.ok || !isRecord(p.value)) {
        throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
      }
      value = p.value;
    }
    checkValue(value);
    return value as Record<string, unknown>;
  }

  private async route(req: AuthRequest): Promise<AuthResponse> {
    const { method, path } = req;
    if (method === 'GET' && path === '/settings') return jsonRes(200, this.settings());
    if (method === 'GET' && path === '/health')
      return jsonRes(200, {
        version: 'local',
        name: 'GoTrue (local stand-in)',
        description: 'local',
      });
    if (method === 'POST' && path === '/signup') return this.signup(req);
    if (method === 'POST' && path === '/token') return this.token(req);
    if (method === 'GET' && path === '/user') return this.getUser(req);
    if (method === 'PUT' && path === '/user') return this.updateUser(req);
    if (method === 'POST' && path === '/logout') return this.logout(req);
    if (method === 'POST' && path === '/recover') return this.recover(req);
    if (method === 'POST' && path === '/resend') return this.resend(req);
    if (method === 'GET' && path === '/verify') return this.verifyGet(req);
    if (method === 'POST' && path === '/verify') return this.verifyPost(req);
    if (method === 'GET' && path === '/authorize') return this.authorize(req);
    if (this.opts.localGoogleSignIn && path === '/authorize/local-google') {
      if (method === 'GET') return this.google.chooser(req);
      if (method === 'POST') {
        // Each submit can create an account, so it counts as a sign-up.
        await this.limiter.hit('signup', req.clientIp);
        return this.google.submit(req, this.body(req));
      }
    }
    if (path === '/admin/users' || path.startsWith('/admin/users/')) return this.admin(req);
    throw new AuthError(404, 'not_found', 'Not Found');
  }

  private settings(): Record<string, unknown> {
    return {
      external: {
        email: true,
        phone: false,
        google: this.opts.localGoogleSignIn,
        anonymous_users: false,
      },
      disable_signup: false,
      mailer_autoconfirm: this.opts.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  // ---- users and sessions -------------------------------------------------

  private async findUserByEmail(q: Tx, email: string): Promise<UserRow | undefined> {
    const r = await q.query<UserRow>(
      `select ${USER_COLS} from auth.users where lower(email) = lower($1)`,
      [email],
    );
    return r.rows[0];
  }

  private async findUserById(q: Tx, id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const r = await q.query<UserRow>(`select ${USER_COLS} from auth.users where id = $1`, [id]);
    return r.rows[0];
  }

  private checkPassword(password: string | null | undefined): string {
    if (password === undefined || password === null || password === '') {
      throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
    }
    if (password.length < 6) {
      throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', {
        weak_password: { reasons: ['length'] },
      });
    }
    if (Buffer.byteLength(password) > 72) {
      throw new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
    }
    return password;
  }

  private checkEmail(email: string | null | undefined): string {
    if (!email)
      throw new AuthError(422, 'validation_failed', 'To signup, please provide your email');
    const e = email.trim().toLowerCase();
    if (!EMAIL_RE.test(e) || e.length > 255) {
      throw new AuthError(
        400,
        'email_address_invalid',
        'Unable to validate email address: invalid format',
      );
    }
    return e;
  }

  /** Creates a user; used by signup, the admin API, the OAuth stand-in and the admin seed. */
  async createUser(
    q: Tx,
    input: {
      email: string;
      password: string | null;
      /** The password is already a bcrypt hash (hashed before the transaction). */
      passwordIsHash?: boolean;
      confirmed: boolean;
      provider: string;
      userMeta?: Record<string, unknown>;
      appMeta?: Record<string, unknown>;
    },
  ): Promise<UserRow> {
    if (await this.findUserByEmail(q, input.email)) throw emailTaken();
    const hash =
      input.password === null || input.passwordIsHash
        ? input.password
        : await bcrypt.hash(input.password, this.opts.bcryptCost);
    const appMeta = {
      provider: input.provider,
      providers: [input.provider],
      ...(input.appMeta ?? {}),
    };
    const r = await q.query<UserRow>(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, $3, case when $4 then now() end, $5::jsonb, $6::jsonb, now(), now())
       returning ${USER_COLS}`,
      [
        crypto.randomUUID(),
        input.email,
        hash,
        input.confirmed,
        JSON.stringify(appMeta),
        JSON.stringify(input.userMeta ?? {}),
      ],
    );
    const u = r.rows[0];
    if (!u) throw new Error('user insert returned nothing');
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3::jsonb, $4, now()) on conflict do nothing`,
      [u.id, u.id, JSON.stringify({ sub: u.id, email: input.email }), input.provider],
    );
    return u;
  }

  private async issueSession(q: Tx, user: UserRow, amr: string): Promise<Session> {
    const sessionId = crypto.randomUUID();
    await q.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
    const refresh = randomToken();
    await q.query(
      `insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`,
      [refresh, user.id, sessionId],
    );
    const fresh = await q.query<UserRow>(
      `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLS}`,
      [user.id],
    );
    return this.sessionFor(fresh.rows[0] ?? user, sessionId, refresh, amr);
  }

  private async sessionFor(
    user: UserRow,
    sessionId: string,
    refresh: string,
    amr: string,
  ): Promise<Session> {
    const now = Math.floor(Date.now() / 1000);
    const uj = userJson(user);
    const accessToken = await this.keys.sign(
      {
        iss: `${this.opts.publicUrl()}/auth/v1`,
        aud: 'authenticated',
        sub: user.id,
        email: user.email ?? '',
        phone: '',
        app_metadata: uj.app_metadata,
        user_metadata: uj.user_metadata,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: amr, timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
      },
      ACCESS_TOKEN_TTL,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL,
      expires_at: now + ACCESS_TOKEN_TTL,
      refresh_token: refresh,
      user: uj,
    };
  }

  /** Resolves the bearer access token to a live user and session, as GoTrue's requireAuth. */
  private async requireUser(
    req: AuthRequest,
  ): Promise<{ user: UserRow; sessionId: string | null }> {
    if (!req.bearer)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const v = await this.keys.verify(req.bearer);
    if (!v.ok) {
      throw new AuthError(
        403,
        'bad_jwt',
        v.reason === 'expired'
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : 'invalid JWT: unable to parse or verify signature, signature is invalid',
      );
    }
    const sub = typeof v.claims.sub === 'string' ? v.claims.sub : '';
    if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = await this.findUserById(this.db, sub);
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sid = typeof v.claims.session_id === 'string' ? v.claims.session_id : null;
    if (sid) {
      const s = await this.db.query(`select 1 from auth.sessions where id = $1`, [sid]);
      if (s.rows.length === 0) {
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
      }
    }
    return { user, sessionId: sid };
  }

  // ---- endpoints ----------------------------------------------------------

  private async signup(req: AuthRequest): Promise<AuthResponse> {
    await this.limiter.hit('signup', req.clientIp);
    const parsed = credentialsSchema.safeParse(this.body(req));
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid signup request');
    const b = parsed.data;
    if (b.phone && !b.email)
      throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const email = this.checkEmail(b.email);
    const password = this.checkPassword(b.password);
    const redirectTo = this.redirects.target(req.query.get('redirect_to'));
    // Hashed whether or not the address is taken, so the answer time does not tell.
    const hash = await bcrypt.hash(password, this.opts.bcryptCost);
    const result = await this.db.transaction(async (tx): Promise<SignupResult> => {
      const existing = await this.findUserByEmail(tx, email);
      if (existing) {
        // GoTrue: with autoconfirm there is nothing to hide; otherwise a confirmed address gets
        // the answer a new one would (and no mail), an unconfirmed one its confirmation again.
        if (this.opts.autoconfirm) {
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        }
        if (existing.email_confirmed_at)
          return { obfuscated: await this.obfuscatedUser(tx, email, b.data) };
        return { user: existing, mail: await this.stampMail(tx, existing, 'confirmation') };
      }
      const user = await this.createUser(tx, {
        email,
        password: hash,
        passwordIsHash: true,
        confirmed: this.opts.autoconfirm,
        provider: 'email',
        userMeta: b.data ?? {},
      });
      if (this.opts.autoconfirm) return { session: await this.issueSession(tx, user, 'password') };
      return { user, mail: await this.stampMail(tx, user, 'confirmation') };
    });
    if ('session' in result) return jsonRes(200, result.session);
    if ('obfuscated' in result) return jsonRes(200, result.obfuscated);
    await this.sendMail(result.mail, redirectTo);
    return jsonRes(200, userJson(result.mail.user));
  }

  /** GoTrue's sanitizeUser: what signing up a taken address answers, indistinguishable in shape. */
  private async obfuscatedUser(
    q: Tx,
    email: string,
    data: Record<string, unknown> | null | undefined,
  ): Promise<Record<string, unknown>> {
    const r = await q.query<{ now: string }>(`select to_json(now())#>>'{}' as now`);
    const now = r.rows[0]?.now ?? new Date().toISOString();
    return {
      id: crypto.randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data ?? {},
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    };
  }

  /**
   * Records a mail about to go out: a fresh token and its sent_at, unless the last one to this
   * address was under `max_frequency` ago (GoTrue's 429), then counts it against `email_sent`.
   * Runs inside the caller's transaction, so a refusal leaves the old token in place.
   */
  private async stampMail(q: Tx, user: UserRow, kind: MailKind): Promise<PendingMail> {
    const col = kind === 'recovery' ? 'recovery' : 'confirmation';
    const token = randomToken();
    const frequency = this.opts.rateLimits.emailMaxFrequencySeconds;
    const r = await q.query<UserRow>(
      `update auth.users set ${col}_token = $2, ${col}_sent_at = now()
        where id = $1 and (${col}_sent_at is null or ${col}_sent_at <= now() - make_interval(secs => $3::float8))
        returning ${USER_COLS}`,
      [user.id, token, frequency],
    );
    const stamped = r.rows[0];
    if (!stamped) {
      const wait = await q.query<{ s: number }>(
        `select ceil(extract(epoch from (${col}_sent_at + make_interval(secs => $2::float8) - now())))::int as s
           from auth.users where id = $1`,
        [user.id, frequency],
      );
      const seconds = Math.max(1, Number(wait.rows[0]?.s ?? 1));
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${seconds} seconds.`,
      );
    }
    await this.limiter.hit('email', 'server');
    return { user: stamped, kind, token };
  }

  private async sendMail(mail: PendingMail, redirectTo: string): Promise<void> {
    const to = mail.user.email ?? '';
    if (mail.kind === 'recovery') {
      const link = this.verifyLink(mail.token, 'recovery', redirectTo);
      await this.mailbox.send({
        to,
        subject: 'Reset Your Password',
        kind: 'recovery',
        text: `Follow this link to reset the password for your user:\n${link}`,
        link,
      });
      return;
    }
    const link = this.verifyLink(mail.token, 'signup', redirectTo);
    await this.mailbox.send({
      to,
      subject: 'Confirm Your Signup',
      kind: 'confirmation',
      text: `Follow this link to confirm your user:\n${link}`,
      link,
    });
  }

  private verifyLink(token: string, type: string, redirectTo: string): string {
    const u = new URL(`${this.opts.publicUrl()}/auth/v1/verify`);
    u.searchParams.set('token', token);
    u.searchParams.set('type', type);
    u.searchParams.set('redirect_to', redirectTo);
    return u.toString();
  }

  private async token(req: AuthRequest): Promise<AuthResponse> {
    const grant = req.query.get('grant_type');
    // GoTrue picks the limiter from the grant before reading the body.
    await this.limiter.hit(grant === 'password' ? 'password' : 'token', req.clientIp);
    const b = this.body(req);
    if (grant === 'password') return this.passwordGrant(b);
    if (grant === 'refresh_token') return this.refreshGrant(b);
    if (grant === 'pkce') return this.pkceGrant(b);
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type');
  }

  private async passwordGrant(b: Record<string, unknown>): Promise<AuthResponse> {
    const email = typeof b.email === 'string' ? b.email.trim() : '';
    const password = typeof b.password === 'string' ? b.password : '';
    if (!email && typeof b.phone !== 'string') {
      throw new AuthError(400, 'validation_failed', 'missing email or phone');
    }
    const user = email ? await this.findUserByEmail(this.db, email) : undefined;
    // Counted per account whichever IPs and spellings the guesses come from (Postgres' lower()
    // folds 'İ' to 'i', JavaScript's does not); a right password gives it back.
    const address = user?.id ?? email.toLowerCase();
    await this.limiter.hit('passwordAddress', address);
    // Unknown addresses still pay for a comparison, so timing does not reveal who has an account
    // ('' is how GoTrue stores "no password").
    const ok = await bcrypt.compare(password, user?.encrypted_password || (await this.dummyHash()));
    if (!user?.encrypted_password || !ok) {
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    await this.limiter.refund('passwordAddress', address);
    if (!user.email_confirmed_at)
      throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && new Date(user.banned_until) > new Date()) {
      throw new AuthError(400, 'user_banned', 'User is banned');
    }
    const session = await this.db.transaction((tx) => this.issueSession(tx, user, 'password'));
    return jsonRes(200, session);
  }

  private dummyHashPromise: Promise<string> | undefined;

  private dummyHash(): Promise<string> {
    this.dummyHashPromise ??= bcrypt.hash(randomToken(), this.opts.bcryptCost);
    return this.dummyHashPromise;
  }

  private async refreshGrant(b: Record<string, unknown>): Promise<AuthResponse> {
    const token = typeof b.refresh_token === 'string' ? b.refresh_token : '';
    if (!token) throw new AuthError(400, 'validation_failed', 'Refresh Token is required');
    const session = await this.db.transaction(async (tx) => {
      interface RtRow {
        id: string;
        token: string;
        user_id: string;
        revoked: boolean;
        session_id: string | null;
        age: number;
      }
      const r = await tx.query<RtRow>(
        `select id::text as id, token, user_id::text as user_id, revoked, session_id::text as session_id,
                extract(epoch from (now() - updated_at))::float8 as age
           from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const rt = r.rows[0];
      if (!rt || !rt.session_id) {
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      }
      const user = await this.findUserById(tx, rt.user_id);
      if (!user)
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      if (rt.revoked) {
        if (Number(rt.age) <= this.opts.refreshReuseSeconds) {
          // Concurrent refreshes (two tabs) get the session's current token, not an error.
          const active = await tx.query<{ token: string }>(
            `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
            [rt.session_id],
          );
          const current = active.rows[0];
          if (current) return this.sessionFor(user, rt.session_id, current.token, 'token_refresh');
        }
        // Reuse outside the window means the token leaked: end the whole session.
        await tx.query(`delete from auth.sessions where id = $1`, [rt.session_id]);
        return null;
      }
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`,
        [rt.id],
      );
      const next = randomToken();
      await tx.query(
        `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
        [next, user.id, rt.session_id, rt.token],
      );
      await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [rt.session_id]);
      return this.sessionFor(user, rt.session_id, next, 'token_refresh');
    });
    if (!session) {
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    return jsonRes(200, session);
  }

  private async pkceGrant(b: Record<string, unknown>): Promise<AuthResponse> {
    const code = typeof b.auth_code === 'string' ? b.auth_code : '';
    const verifier = typeof b.code_verifier === 'string' ? b.code_verifier : '';
    if (!code || !verifier)
      throw new AuthError(
        400,
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    const session = await this.db.transaction(async (tx) => {
      const r = await tx.query<{
        id: string;
        user_id: string;
        code_challenge: string;
        code_challenge_method: string;
        age: number;
      }>(
        `delete from auth.flow_state where auth_code = $1
         returning id::text as id, user_id::text as user_id, code_challenge, code_challenge_method,
                   extract(epoch from (now() - created_at))::float8 as age`,
        [code],
      );
      const fs = r.rows[0];
      if (!fs || Number(fs.age) > 600) {
        throw new AuthError(
          404,
          'flow_state_not_found',
          'invalid flow state, no valid flow state found',
        );
      }
      const expected = fs.code_challenge_method === 'plain' ? verifier : sha256b64url(verifier);
      if (expected !== fs.code_challenge) {
        throw new AuthError(
          400,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        );
      }
      const user = await this.findUserById(tx, fs.user_id);
      if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
      return this.issueSession(tx, user, 'oauth');
    });
    return jsonRes(200, session);
  }

  private async getUser(req: AuthRequest): Promise<AuthResponse> {
    const { user } = await this.requireUser(req);
    return jsonRes(200, userJson(user));
  }

  private async updateUser(req: AuthRequest): Promise<AuthResponse> {
    const { user } = await this.requireUser(req);
    const b = this.body(req);
    const parsed = z
      .object({
        password: z.string().nullish(),
        data: z.record(z.string(), z.unknown()).nullish(),
        email: z.string().nullish(),
        nonce: z.string().nullish(),
      })
      .safeParse(b);
    if (!parsed.success)
      throw new AuthError(400, 'validation_failed', 'Could not parse request body');
    const { password, data, email } = parsed.data;
    if (
      email !== undefined &&
      email !== null &&
      email.toLowerCase() !== (user.email ?? '').toLowerCase()
    ) {
      throw new AuthError(
        422,
        'email_change_not_supported',
        'Changing the email address is not supported locally',
      );
    }
    let hash: string | null = null;
    if (password !== undefined && password !== null) {
      const pw = this.checkPassword(password);
      if (user.encrypted_password && (await bcrypt.compare(pw, user.encrypted_password))) {
        throw new AuthError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      hash = await bcrypt.hash(pw, this.opts.bcryptCost);
    }
    const r = await this.db.query<UserRow>(
      `update auth.users set encrypted_password = coalesce($2, encrypted_password),
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($3::jsonb, '{}'::jsonb),
              updated_at = now()
        where id = $1 returning ${USER_COLS}`,
      [user.id, hash, data ? JSON.stringify(data) : null],
    );
    return jsonRes(200, userJson(r.rows[0] ?? user));
  }

  private async logout(req: AuthRequest): Promise<AuthResponse> {
    const { user, sessionId } = await this.requireUser(req);
    const scope = req.query.get('scope') ?? 'global';
    if (scope === 'local') {
      if (sessionId) await this.db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    } else if (scope === 'others') {
      await this.db.query(
        `delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`,
        [user.id, sessionId],
      );
    } else if (scope === 'global') {
      await this.db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    } else {
      throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
    }
    return { status: 204, headers: {}, body: '' };
  }

  private async recover(req: AuthRequest): Promise<AuthResponse> {
    await this.limiter.hit('recover', req.clientIp);
    const b = this.body(req);
    const email = this.checkEmail(typeof b.email === 'string' ? b.email : undefined);
    const redirectTo = this.redirects.target(
      req.query.get('redirect_to') ?? (typeof b.redirect_to === 'string' ? b.redirect_to : null),
    );
    const mail = await this.db.transaction(async (tx) => {
      const user = await this.findUserByEmail(tx, email);
      return user ? this.stampMail(tx, user, 'recovery') : null;
    });
    // Same answer for unknown addresses, so the endpoint does not reveal who has an account.
    if (mail) await this.sendMail(mail, redirectTo);
    return jsonRes(200, {});
  }

  /** POST /resend (supabase-js auth.resend), with GoTrue's validation order and answers. */
  private async resend(req: AuthRequest): Promise<AuthResponse> {
    await this.limiter.hit('resend', req.clientIp);
    const b = this.body(req);
    const str = (k: string): string => (typeof b[k] === 'string' ? b[k] : '');
    const type = str('type');
    const fail = (msg: string) => new AuthError(400, 'validation_failed', msg);
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw fail('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const rawEmail = str('email');
    const phone = str('phone');
    if (!rawEmail && type === 'signup') throw fail('Type provided requires an email address');
    if (!phone && type === 'sms') throw fail('Type provided requires a phone number');
    if (rawEmail && phone) throw fail('Only an email address or phone number should be provided.');
    if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!rawEmail) throw fail('Missing email address or phone number');
    const email = this.checkEmail(rawEmail);
    const redirectTo = this.redirects.target(req.query.get('redirect_to'));
    const mail = await this.db.transaction(async (tx) => {
      const user = await this.findUserByEmail(tx, email);
      // Email changes are not supported locally, so there is never one pending to resend.
      if (!user || type !== 'signup' || user.email_confirmed_at) return null;
      return this.stampMail(tx, user, 'confirmation');
    });
    if (mail) await this.sendMail(mail, redirectTo);
    return jsonRes(200, {});
  }

  /** Consumes a mailed token; returns the user it belonged to. */
  private async consumeToken(type: string, token: string): Promise<UserRow | null> {
    if (!token) return null;
    const column =
      type === 'recovery'
        ? 'recovery_token'
        : type === 'signup' || type === 'email' || type === 'invite'
          ? 'confirmation_token'
          : null;
    if (!column)
      throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    const sentCol = column === 'recovery_token' ? 'recovery_sent_at' : 'confirmation_sent_at';
    // One-day validity like GoTrue's default mailer OTP expiry.
    const r = await this.db.query<UserRow>(
      `update auth.users set ${column} = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where ${column} = $1 and ${sentCol} > now() - interval '1 day'
        returning ${USER_COLS}`,
      [token],
    );
    return r.rows[0] ?? null;
  }

  private async verifyGet(req: AuthRequest): Promise<AuthResponse> {
    await this.limiter.hit('verify', req.clientIp);
    const type = req.query.get('type') ?? '';
    const token = req.query.get('token') ?? '';
    const redirectTo = this.redirects.target(req.query.get('redirect_to'));
    const user = await this.consumeToken(type, token);
    if (!user) {
      const frag = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return redirect(withFragment(redirectTo, frag));
    }
    const session = await this.db.transaction((tx) =>
      this.issueSession(tx, user, type === 'recovery' ? 'recovery' : 'otp'),
    );
    const frag = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: type === 'recovery' ? 'recovery' : 'signup',
    });
    return redirect(withFragment(redirectTo, frag));
  }

  private async verifyPost(req: AuthRequest): Promise<AuthResponse> {
    await this.limiter.hit('verify', req.clientIp);
    const b = this.body(req);
    const type = typeof b.type === 'string' ? b.type : '';
    const token =
      typeof b.token_hash === 'string' ? b.token_hash : typeof b.token === 'string' ? b.token : '';
    const user = await this.consumeToken(type, token);
    if (!user) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    const session = await this.db.transaction((tx) =>
      this.issueSession(tx, user, type === 'recovery' ? 'recovery' : 'otp'),
    );
    return jsonRes(200, session);
  }

  // ---- Google stand-in ----------------------------------------------------

  /** GoTrue's /authorize: only Google is configured, and only when the stand-in is on. */
  private authorize(req: AuthRequest): AuthResponse {
    const provider = (req.query.get('provider') ?? '').toLowerCase();
    if (provider === 'google' && this.opts.localGoogleSignIn) return this.google.authorize(req);
    throw new AuthError(
      400,
      'validation_failed',
      provider === 'google' || provider === 'email'
        ? 'Unsupported provider: provider is not enabled'
        : `Unsupported provider: Provider ${provider} could not be found`,
    );
  }

  /** The account chosen in the stand-in; never one that signs in with a password. */
  private async googleSignIn(email: string, pkce: Pkce | null): Promise<GoogleOutcome> {
    return this.db.transaction(async (tx) => {
      let user = await this.findUserByEmail(tx, email);
      if (user?.encrypted_password) {
        throw new AuthError(
          403,
          'email_exists',
          'This address signs in with a password. Use your email and password instead.',
        );
      }
      if (user?.banned_until && new Date(user.banned_until) > new Date()) {
        throw new AuthError(403, 'user_banned', 'User is banned');
      }
      if (!user) {
        user = await this.createUser(tx, {
          email,
          password: null,
          confirmed: true,
          provider: 'google',
          userMeta: { email, email_verified: true, full_name: email.split('@')[0] ?? email },
        });
      } else {
        const providers = new Set<string>();
        const am = user.raw_app_meta_data ?? {};
        if (Array.isArray(am.providers))
          for (const p of am.providers) if (typeof p === 'string') providers.add(p);
        providers.add('google');
        const r = await tx.query<UserRow>(
          `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
             email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1 returning ${USER_COLS}`,
          [user.id, JSON.stringify({ providers: [...providers] })],
        );
        user = r.rows[0] ?? user;
      }
      if (pkce) {
        const code = crypto.randomUUID();
        await tx.query(
          `insert into auth.flow_state (user_id, auth_code, code_challenge, code_challenge_method, provider_type, authentication_method)
           values ($1, $2, $3, $4, 'google', 'oauth')`,
          [user.id, code, pkce.challenge, pkce.method],
        );
        return { code };
      }
      const s = await this.issueSession(tx, user, 'oauth');
      return {
        fragment: new URLSearchParams({
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          provider_token: `local-google-${randomToken(12)}`,
          refresh_token: s.refresh_token,
          token_type: 'bearer',
        }),
      };
    });
  }

  // ---- admin (service role) -------------------------------------------------

  private async requireServiceRole(req: AuthRequest): Promise<void> {
    const v = req.bearer ? await this.keys.verify(req.bearer) : null;
    if (!v || !v.ok || v.claims.role !== 'service_role') {
      throw new AuthError(403, 'not_admin', 'User not allowed');
    }
  }

  private async admin(req: AuthRequest): Promise<AuthResponse> {
    await this.requireServiceRole(req);
    const id = req.path.slice('/admin/users/'.length);
    if (req.path === '/admin/users') {
      if (req.method === 'GET') return this.adminList(req);
      if (req.method === 'POST') return this.adminCreate(req);
      throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
    }
    if (id.includes('/')) throw new AuthError(404, 'not_found', 'Not Found');
    const user = await this.findUserById(this.db, id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    if (req.method === 'GET') return jsonRes(200, userJson(user));
    if (req.method === 'DELETE') {
      await this.db.query(`delete from auth.users where id = $1`, [user.id]);
      return jsonRes(200, {});
    }
    if (req.method === 'PUT') return this.adminUpdate(req, user);
    throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
  }

  private async adminUpdate(req: AuthRequest, user: UserRow): Promise<AuthResponse> {
    const parsed = adminUserUpdateSchema.safeParse(this.body(req));
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid user attributes');
    const p = parsed.data;
    // GoTrue ignores an empty address, like an absent one.
    const email = p.email ? this.checkEmail(p.email) : null;
    const hash =
      p.password !== undefined
        ? await bcrypt.hash(this.checkPassword(p.password), this.opts.bcryptCost)
        : null;
    const updated = await this.db.transaction(async (tx) => {
      if (email !== null) await this.changeEmail(tx, user.id, email, p.email_confirm === true);
      const r = await tx.query<UserRow>(
        `update auth.users set encrypted_password = coalesce($2, encrypted_password),
           email_confirmed_at = case when $3 then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($4::jsonb, '{}'::jsonb),
           raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || coalesce($5::jsonb, '{}'::jsonb),
           banned_until = case when $6 = 'none' then null else banned_until end,
           updated_at = now()
         where id = $1 returning ${USER_COLS}`,
        [
          user.id,
          hash,
          p.email_confirm === true,
          p.user_metadata ? JSON.stringify(p.user_metadata) : null,
          p.app_metadata ? JSON.stringify(p.app_metadata) : null,
          p.ban_duration ?? '',
        ],
      );
      return r.rows[0] ?? user;
    });
    return jsonRes(200, userJson(updated));
  }

  /** The admin's email change: unique across users, mirrored into the email identity. */
  private async changeEmail(
    q: Tx,
    userId: string,
    email: string,
    verified: boolean,
  ): Promise<void> {
    const taken = await this.findUserByEmail(q, email);
    if (taken && taken.id !== userId) throw emailTaken();
    try {
      await q.query(`update auth.users set email = $2 where id = $1`, [userId, email]);
    } catch (e) {
      // Another request took the address between the check and the update.
      if (isPgError(e) && e.code === '23505') throw emailTaken();
      throw e;
    }
    await q.query(
      `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, JSON.stringify({ email, email_verified: verified })],
    );
  }

  private async adminList(req: AuthRequest): Promise<AuthResponse> {
    const page = Math.max(1, paginationParam(req.query.get('page'), 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(req.query.get('per_page'), 50)));
    const offset = (page - 1) * perPage;
    const total = await this.db.query<{ n: number }>(`select count(*)::int as n from auth.users`);
    const n = Number(total.rows[0]?.n ?? 0);
    // A page past anything the database could count is simply empty.
    const r = Number.isSafeInteger(offset)
      ? await this.db.query<UserRow>(
          `select ${USER_COLS} from auth.users order by created_at desc, id limit $1 offset $2`,
          [perPage, offset],
        )
      : { rows: [] };
    const base = `${this.opts.publicUrl()}/auth/v1/admin/users`;
    const last = Math.max(1, Math.ceil(n / perPage));
    const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`];
    if (page < last) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    return jsonRes(
      200,
      { users: r.rows.map(userJson), aud: 'authenticated' },
      { 'X-Total-Count': String(n), Link: links.join(', ') },
    );
  }

  private async adminCreate(req: AuthRequest): Promise<AuthResponse> {
    const parsed = adminUserSchema.safeParse(this.body(req));
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid user attributes');
    const p = parsed.data;
    const email = this.checkEmail(p.email);
    const password = p.password === undefined ? null : this.checkPassword(p.password);
    const user = await this.db.transaction((tx) =>
      this.createUser(tx, {
        email,
        password,
        confirmed: p.email_confirm === true,
        provider: 'email',
        userMeta: p.user_metadata ?? {},
        appMeta: p.app_metadata ?? {},
      }),
    );
    return jsonRes(200, userJson(user));
  }
}

function jsonRes(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): AuthResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

const UINT64_MAX = 18446744073709551615n;

/** GoTrue reads page and per_page with Go's strconv.ParseUint and quotes its error. */
function paginationParam(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  const bad = (why: string) =>
    new AuthError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: ${why}`,
    );
  if (!/^[0-9]+$/.test(raw)) throw bad('invalid syntax');
  if (BigInt(raw) > UINT64_MAX) throw bad('value out of range');
  return Number(raw);
}

function emailTaken(): AuthError {
  return new AuthError(
    422,
    'email_exists',
    'A user with this email address has already been registered',
  );
}

function withFragment(url: string, fragment: URLSearchParams): string {
  const u = new URL(url);
  u.hash = fragment.toString();
  return u.toString();
}

function redirect(location: string): AuthResponse {
  return { status: 303, headers: { Location: location }, body: '' };
}
