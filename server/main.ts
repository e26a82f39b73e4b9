import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { startServer } from './index.ts';
import { isLoopbackAddress } from './mailbox.ts';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1');

const env = z
  .object({
    PORT_API: z.coerce.number().int().min(0).max(65535).default(54321),
    API_HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    ADMIN_EMAIL: z.string().default('admin@bimaguide.local'),
    ADMIN_PASSWORD: z.string().min(6).default('admin123'),
    // Default: supabase/config.toml's [auth] site_url.
    SITE_URL: z.string().optional(),
    // Development only: the local Google sign-in stand-in.
    LOCAL_GOOGLE_SIGNIN: flag('false'),
    // Set only behind a reverse proxy that writes X-Forwarded-For (rate limits key on it).
    TRUST_PROXY: flag('false'),
    GOTRUE_AUTOCONFIRM: flag('true'),
    JWT_SECRET: z.string().min(32).optional(),
    // Renewal push job: minutes between runs (0 = only on demand) and whose "today" counts.
    REMINDER_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
    REMINDER_TIME_ZONE: z.string().default('Asia/Kolkata'),
    VAPID_SUBJECT: z.string().optional(),
    // The dev mailbox holds live reset links: on by default only when API_HOST is loopback.
    DEV_MAILBOX: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  })
  .parse(process.env);

// The default admin password is public (it is in this README); on a network it would be anyone's.
if (
  process.env.ADMIN_PASSWORD === undefined &&
  env.API_HOST !== 'localhost' &&
  !isLoopbackAddress(env.API_HOST)
) {
  console.error(
    `API_HOST=${env.API_HOST} makes the API reachable from the network: set ADMIN_PASSWORD to a password of your own.`,
  );
  process.exit(1);
}

const dataDir = env.DATA_DIR === 'memory' ? 'memory' : path.resolve(env.DATA_DIR);

const server = await startServer({
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
  dataDir,
  port: env.PORT_API,
  host: env.API_HOST,
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
  autoconfirm: env.GOTRUE_AUTOCONFIRM,
  ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
  localGoogleSignIn: env.LOCAL_GOOGLE_SIGNIN,
  trustProxy: env.TRUST_PROXY,
  ...(env.DEV_MAILBOX === undefined ? {} : { devMailbox: env.DEV_MAILBOX }),
  reminders: {
    intervalMs: env.REMINDER_INTERVAL_MINUTES * 60 * 1000,
    timeZone: env.REMINDER_TIME_ZONE,
    ...(env.VAPID_SUBJECT ? { subject: env.VAPID_SUBJECT } : {}),
  },
});

// The app build reads the public URL, anon key and VAPID public key from here (never the
// service key or the VAPID private key).
const envDir = dataDir === 'memory' ? path.resolve('.data') : dataDir;
fs.mkdirSync(envDir, { recursive: true });
fs.writeFileSync(
  path.join(envDir, 'local-env.json'),
  JSON.stringify(
    { url: server.url, anonKey: server.anonKey, vapidPublicKey: server.vapidPublicKey },
    null,
    2,
  ) + '\n',
);
// The service key bypasses every row-level rule: kept in a file only this user can read, never
// in terminal scrollback or CI logs.
const serviceKeyFile = path.join(envDir, 'service-role-key');
fs.writeFileSync(serviceKeyFile, server.serviceRoleKey + '\n', { mode: 0o600 });
fs.chmodSync(serviceKeyFile, 0o600);

console.log(`
Local Supabase-compatible API   ${server.url}
  REST                          ${server.url}/rest/v1
  Auth                          ${server.url}/auth/v1
  Dev mailbox                   ${server.devMailbox ? `${server.url}/_dev/mail (this machine only)` : 'off (API_HOST is not loopback; DEV_MAILBOX=true turns it on)'}
  Renewal reminders (POST)      ${server.url}/functions/v1/renewal-reminders (service role)
  Database                      ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir === 'memory' ? 'PGlite (in memory)' : `PGlite at ${path.join(dataDir, 'pglite')}`}
  anon key                      ${server.anonKey}
  service_role key              in ${serviceKeyFile} (owner-only; never put it in a build)
  Admin login (local only)      ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD}
  Wrote ${path.join(envDir, 'local-env.json')}
`);

let stopping = false;
const shutdown = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server
    .stop()
    .then(() => process.exit(0))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
