import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { openDb } from './db.ts';
import type { Db, SqlParam } from './db.ts';
import { createKeys, generateSecret, roleOf } from './keys.ts';
import type { Keys } from './keys.ts';
import { loadSchema } from './schema.ts';
import type { SchemaCache } from './schema.ts';
import { Mailbox, mailboxRoute, isLoopbackAddress } from './mailbox.ts';
import type { Mail } from './mailbox.ts';
import { AuthService } from './auth/service.ts';
import { resolveAuthConfig } from './auth/config.ts';
import type { AuthRateLimits } from './auth/config.ts';
import { clientIp } from './auth/rate-limit.ts';
import { RestHandler } from './rest/handler.ts';
import { createRealtimeServer, REALTIME_PATH } from './realtime.ts';
import {
  applyCors,
  bearerToken,
  BodyTooLargeError,
  header,
  readBody,
  sendJson,
  sendRaw,
} from './http.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';
import { prepareDatabase } from './migrate.ts';
import { ensureAdmin } from './admin.ts';
import { handleCalendarFeed } from '../supabase/functions/_shared/calendar-feed.ts';
import { handleShareInvitation } from '../supabase/functions/_shared/share-invitation.ts';
import { createReminderService, resolveVapidKeys } from './reminders/index.ts';
import { createStorageApi, STORAGE_PREFIX } from './storage/index.ts';
import type { CleanupResult } from './storage/index.ts';
import type { ReminderJobResult, VapidKeys } from './reminders/index.ts';

export type { Mail } from './mailbox.ts';

export interface ServerOptions {
  databaseUrl?: string;
  /** Directory for PGlite data and the JWT secret; 'memory' for a throwaway in-memory PGlite. */
  dataDir?: string;
  /**
   * With dataDir 'memory': a closed PGlite data directory to start from (the tests keep one
   * with the migrations already applied, tests/helpers/database-templates.ts).
   */
  pgliteTemplate?: string;
  /**
   * The database is a copy of one prepareDatabase made from these same migrations and seed
   * (the tests' templates): skip preparing it. Running the bootstrap again would not be the
   * same as a fresh start, as its grants would undo the migrations' revokes.
   */
  prepared?: boolean;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  adminEmail?: string;
  adminPassword?: string;
  autoconfirm?: boolean;
  /** One directory, or several applied in order (e.g. product migrations then test fixtures). */
  migrationsDir?: string | string[];
  /** null skips seeding. */
  seedFile?: string | null;
  jwtSecret?: string;
  /** Default: supabase/config.toml's [auth] site_url. */
  siteUrl?: string;
  /**
   * The dev mailbox (/_dev/mail, live reset links). Default: on when the API binds a loopback
   * address; it answers loopback clients only either way.
   */
  devMailbox?: boolean;
  /** Default: supabase/config.toml's [auth] additional_redirect_urls (GoTrue globs). */
  redirectAllowList?: string[];
  /** Default: supabase/config.toml's [auth.rate_limit] and [auth.email] max_frequency. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** Development only: the local Google sign-in stand-in (off by default). */
  localGoogleSignIn?: boolean;
  /** Behind a reverse proxy: rate-limit on X-Forwarded-For instead of the socket address. */
  trustProxy?: boolean;
  quiet?: boolean;
  /** bcrypt cost; tests use 4 to stay fast. */
  bcryptCost?: number;
  /** Milliseconds a REST request's statement may run before it is cancelled (default 8000). */
  statementTimeoutMs?: number;
  /** Seconds a rotated refresh token may be reused (GoTrue default 10). */
  refreshReuseSeconds?: number;
  /**
   * Milliseconds between runs of the policy-document cleanup (files of deleted documents);
   * default: the reminder interval. 0 runs it only on demand.
   */
  documentCleanupIntervalMs?: number;
  /** Renewal push reminders (design §6); see server/reminders. */
  reminders?: {
    /** Default: generated once and kept in <dataDir>/vapid.json (fresh per start in memory). */
    vapidKeys?: VapidKeys;
    /** VAPID contact; default mailto:<adminEmail>. */
    subject?: string;
    /** Milliseconds between scheduled runs (default one hour); 0 turns the schedule off. */
    intervalMs?: number;
    /** Whose calendar decides "today" (default Asia/Kolkata). */
    timeZone?: string;
    /** Push to plain-HTTP endpoints (a local fake push service); default false. */
    allowHttpEndpoints?: boolean;
  };
}

export interface RunningServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Whether /_dev/mail answers (to loopback clients). */
  devMailbox: boolean;
  /** The VAPID public key browsers subscribe with (also at /functions/v1/vapid-public-key). */
  vapidPublicKey: string;
  /** Removes the stored files of deleted documents now (POST /functions/v1/document-cleanup). */
  runDocumentCleanup(): Promise<CleanupResult>;
  /** Where the Storage API keeps object files. */
  storageRoot: string;
  /** Runs the renewal push job now (the same as POST /functions/v1/renewal-reminders). */
  runReminders(today?: string): Promise<ReminderJobResult>;
  /** Superuser query, bypassing roles and RLS (for tests and tooling). */
  query<R = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<R[]>;
  mails(): Mail[];
  /** Re-reads tables, columns, relationships and functions. */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function resolveSecret(opts: ServerOptions, dataDir: string): string {
  if (opts.jwtSecret) return opts.jwtSecret;
  if (dataDir === 'memory') return generateSecret();
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first run
  }
  const secret = generateSecret();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** STATEMENT_TIMEOUT_MS, default 8000 ms (Supabase's statement_timeout for `authenticated`). */
function statementTimeoutFromEnv(): number {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'STATEMENT_TIMEOUT_MS must be a whole number of milliseconds')
    .transform(Number)
    .default(8000)
    .parse(process.env.STATEMENT_TIMEOUT_MS);
}

/** The migration directories and seed file a start with these options applies. */
export function schemaSources(opts: Pick<ServerOptions, 'migrationsDir' | 'seedFile'>): {
  migrationsDirs: string[];
  seedFile: string | null;
} {
  return {
    migrationsDirs:
      opts.migrationsDir === undefined
        ? [path.join(repoRoot, 'supabase', 'migrations')]
        : Array.isArray(opts.migrationsDir)
          ? opts.migrationsDir
          : [opts.migrationsDir],
    seedFile:
      opts.seedFile === undefined ? path.join(repoRoot, 'supabase', 'seed.sql') : opts.seedFile,
  };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? path.join(repoRoot, '.data');
  const log = (msg: string): void => {
    if (!opts.quiet) console.log(msg);
  };
  const statementTimeoutMs = opts.statementTimeoutMs ?? statementTimeoutFromEnv();
  const db: Db = await openDb({
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(opts.pgliteTemplate ? { pgliteTemplate: opts.pgliteTemplate } : {}),
    dataDir,
  });
  try {
    if (!opts.prepared) await prepareDatabase(db, schemaSources(opts), log);
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }

  const secret = resolveSecret(opts, dataDir);
  const keys: Keys = await createKeys(secret);
  let schema: SchemaCache = await loadSchema(db);
  let lastReload = Date.now();
  const reloadSchema = async (): Promise<void> => {
    schema = await loadSchema(db);
    lastReload = Date.now();
  };

  let publicUrl = '';
  const host = opts.host ?? '127.0.0.1';
  const authConfig = resolveAuthConfig(path.join(repoRoot, 'supabase', 'config.toml'), {
    siteUrl: opts.siteUrl,
    redirectAllowList: opts.redirectAllowList,
    rateLimits: opts.authRateLimits,
  });
  const mailbox = new Mailbox(db);
  const devMailbox = opts.devMailbox ?? (host === 'localhost' || isLoopbackAddress(host));
  const devMail = mailboxRoute(mailbox, { enabled: devMailbox, siteUrl: authConfig.siteUrl, host });
  const auth = new AuthService(db, keys, mailbox, {
    autoconfirm: opts.autoconfirm ?? true,
    ...authConfig,
    localGoogleSignIn: opts.localGoogleSignIn ?? false,
    publicUrl: () => publicUrl,
    bcryptCost: opts.bcryptCost ?? 10,
    refreshReuseSeconds: opts.refreshReuseSeconds ?? 10,
  });
  const rest = new RestHandler(db, () => schema, { statementTimeoutMs });

  const adminEmail = opts.adminEmail ?? 'admin@bimaguide.local';
  const adminPassword = opts.adminPassword ?? 'admin123';
  await ensureAdmin(db, auth, adminEmail, adminPassword);

  const reminders = createReminderService({
    apiUrl: () => publicUrl,
    keys,
    vapid: resolveVapidKeys(dataDir, opts.reminders?.vapidKeys),
    subject: opts.reminders?.subject ?? `mailto:${adminEmail}`,
    intervalMs: opts.reminders?.intervalMs ?? 60 * 60 * 1000,
    timeZone: opts.reminders?.timeZone ?? 'Asia/Kolkata',
    allowHttpEndpoints: opts.reminders?.allowHttpEndpoints ?? false,
    log,
  });

  const storage = createStorageApi({
    db,
    keys,
    dataDir,
    statementTimeoutMs,
    cleanupIntervalMs:
      opts.documentCleanupIntervalMs ?? opts.reminders?.intervalMs ?? 60 * 60 * 1000,
    log,
  });

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // Last line of defence: answer, never crash (not even when answering fails).
      try {
        if (res.headersSent) res.destroy();
        else sendJson(res, 500, { message: e instanceof Error ? e.message : 'internal error' });
      } catch {
        res.destroy();
      }
    });
  });
  const realtime = createRealtimeServer({
    db,
    keys,
    clientIp: (req) => clientIp(req, opts.trustProxy ?? false),
  });
  server.on('upgrade', (req, socket, head) => {
    let pathname = '';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      // answered below
    }
    if (pathname === REALTIME_PATH) return realtime.handleUpgrade(req, socket, head);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  // After listening, an error (say, out of file descriptors on accept) is one lost connection,
  // not a reason for the process to end.
  const onServerError = (e: Error): void => console.error('API server:', e.message);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  /** The hosted calendar-feed function's own handler, given a fetch Request as Deno would. */
  async function serveCalendarFeed(method: string, url: URL, res: http.ServerResponse) {
    const response = await handleCalendarFeed(
      new Request(new URL(url.pathname, publicUrl), { method }),
      {
        apiUrl: publicUrl,
        serviceRoleKey: keys.serviceRoleKey,
        appOrigin: authConfig.siteUrl,
      },
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  /** The hosted share-invitation function's handler; its mail goes to the dev mailbox. */
  async function serveShareInvitation(
    req: http.IncomingMessage,
    method: string,
    url: URL,
    res: http.ServerResponse,
  ) {
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    const authorization = header(req, 'authorization');
    const response = await handleShareInvitation(
      new Request(new URL(url.pathname, publicUrl), {
        method,
        headers: authorization ? { Authorization: authorization } : {},
        ...(body !== undefined ? { body } : {}),
      }),
      {
        apiUrl: publicUrl,
        anonKey: keys.anonKey,
        appOrigin: authConfig.siteUrl,
        async sendMail(mail) {
          await mailbox.send({ ...mail, kind: 'invite' });
        },
      },
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) res.setHeader(name, value);
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      applyCors(req, res);
      sendJson(res, 400, { message: 'Bad Request' });
      return;
    }
    const p = url.pathname;
    // Its own CORS: only the site may read it.
    if (devMail.matches(p)) return devMail.handle(req, res, p, method);
    applyCors(req, res);
    if (method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (p === '/' || p === '/health') {
      return sendJson(res, 200, {
        name: 'BimaGuide local Supabase-compatible server',
        rest: '/rest/v1',
        auth: '/auth/v1',
        storage: STORAGE_PREFIX,
        realtime: REALTIME_PATH,
      });
    }
    if (p.startsWith('/functions/v1/calendar-feed/')) return serveCalendarFeed(method, url, res);
    if (p === '/functions/v1/document-cleanup') return storage.handleCleanup(req, res);
    if (p === '/functions/v1/share-invitation') return serveShareInvitation(req, method, url, res);
    if (p.startsWith('/functions/v1/')) return reminders.handle(req, res, url);
    if (p.startsWith(`${STORAGE_PREFIX}/`)) return storage.handle(req, res, url);
    const isRest = p.startsWith('/rest/v1');
    const isAuth = p.startsWith('/auth/v1');
    if (!isRest && !isAuth)
      return sendJson(res, 404, { message: 'no Route matched with those values' });

    let body = '';
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        body = await readBody(req);
      } catch (e) {
        if (e instanceof BodyTooLargeError) {
          res.setHeader('Connection', 'close');
          return isRest
            ? sendJson(res, 413, {
                code: 'PGRST413',
                message: 'Payload Too Large',
                details: 'The request body exceeds 1 MiB',
                hint: null,
              })
            : sendJson(res, 413, {
                code: 413,
                error_code: 'request_too_large',
                msg: 'Request body too large',
              });
        }
        throw e;
      }
    }
    const headers: Record<string, string | undefined> = {};
    for (const k of Object.keys(req.headers)) headers[k] = header(req, k);

    if (isAuth) {
      const r = await auth.handle({
        method,
        path: p.slice('/auth/v1'.length) || '/',
        query: url.searchParams,
        headers,
        body,
        bearer: bearerToken(req),
        clientIp: clientIp(req, opts.trustProxy ?? false),
      });
      return sendRaw(res, r.status, r.body, r.headers);
    }

    // Supabase's gateway rejects requests without a key before PostgREST sees them.
    const token =
      bearerToken(req) ?? header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!token) {
      return sendJson(res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const v = await keys.verify(token);
    if (!v.ok) {
      const expired = v.reason === 'expired';
      return sendJson(
        res,
        401,
        { code: expired ? 'PGRST303' : 'PGRST301', message: v.message, details: null, hint: null },
        {
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'JWT invalid'}"`,
        },
      );
    }
    const role = roleOf(v.claims);
    if (!role) {
      return sendJson(res, 401, {
        code: 'PGRST301',
        message: 'JWT role is not allowed',
        details: null,
        hint: null,
      });
    }
    const query = new URLSearchParams(url.searchParams);
    query.delete('apikey');
    const restReq = {
      method,
      path: p.slice('/rest/v1'.length).replace(/^\/+/, ''),
      query,
      headers,
      body,
      role,
      claims: { ...v.claims },
    };
    let r = await rest.handle(restReq);
    // Tables created after start (tests, manual DDL) appear after a cache reload, like PostgREST's NOTIFY.
    if (r.status === 404 && /PGRST20[25]/.test(r.body) && Date.now() - lastReload > 250) {
      await reloadSchema();
      r = await rest.handle(restReq);
    }
    sendRaw(res, r.status, r.body, r.headers, method === 'HEAD');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 54321, host, () => {
      server.off('error', reject);
      server.on('error', onServerError);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  publicUrl = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${addr.port}`;

  let stopped = false;
  return {
    url: publicUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: secret,
    devMailbox,
    vapidPublicKey: reminders.vapidPublicKey,
    runReminders: (today) => reminders.run(today),
    runDocumentCleanup: () => storage.runCleanup(),
    storageRoot: storage.root,
    async query<R = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<R[]> {
      if (!params || params.length === 0) return db.script<R>(sql);
      const r = await db.query<R>(sql, params);
      return r.rows;
    },
    mails: () => mailbox.all(),
    reloadSchema,
    async stop() {
      if (stopped) return;
      stopped = true;
      await reminders.stop();
      await storage.stop();
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}
