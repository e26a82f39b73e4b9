import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { WebSocket } from 'ws';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { startServer } from '../../server/index.ts';
import { GENEROUS_RATE_LIMITS } from '../../server/auth/config.ts';
import type { RunningServer, ServerOptions } from '../../server/index.ts';
import { pgliteTemplateFor, postgresTemplateFor } from './database-templates.ts';

export type DbKind = 'pglite' | 'postgres';

export const SERVER_FIXTURE_MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../integration/server/fixtures/migrations',
);

/** The databases every suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs one statement on TEST_DATABASE_URL's server (creating and dropping test databases). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  kind: DbKind;
  /**
   * A server over a fresh database (a copy of one prepared with the same migrations and seed,
   * tests/helpers/database-templates.ts); stop() also drops the PostgreSQL database.
   */
  start(opts?: ServerOptions): Promise<RunningServer>;
}

/** Creates a throwaway database (PostgreSQL) or an in-memory PGlite for one server. */
export function testDatabase(kind: DbKind): TestDatabase {
  return {
    kind,
    async start(opts: ServerOptions = {}) {
      const base: ServerOptions = {
        port: 0,
        quiet: true,
        bcryptCost: 4,
        seedFile: null,
        // The suites sign in hundreds of times from 127.0.0.1; the security suite passes
        // `authRateLimits: {}` to get supabase/config.toml's real limits.
        authRateLimits: GENEROUS_RATE_LIMITS,
        ...opts,
      };
      if (kind === 'pglite') {
        const template = await pgliteTemplateFor(base);
        return startServer({
          dataDir: 'memory',
          ...(template ? { pgliteTemplate: template, prepared: true } : {}),
          ...base,
        });
      }
      const admin = process.env.TEST_DATABASE_URL;
      if (!admin) throw new Error('TEST_DATABASE_URL is not set');
      const name = `bg_test_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name} template ${await postgresTemplateFor(base)}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        const server = await startServer({
          dataDir: 'memory',
          databaseUrl: url.toString(),
          prepared: true,
          ...base,
        });
        const stop = server.stop.bind(server);
        return {
          ...server,
          async stop() {
            await stop();
            await adminQuery(`drop database if exists ${name} with (force)`);
          },
        };
      } catch (e) {
        await adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
        throw e;
      }
    },
  };
}

export interface SuiteContext {
  readonly kind: DbKind;
  readonly server: RunningServer;
  /** A fresh supabase-js client with the anon key and no persisted session. */
  anon(): SupabaseClient;
  /** A supabase-js client authenticated with the service-role key. */
  service(): SupabaseClient;
}

/** Node 20 has no global WebSocket, so supabase-js's Realtime client is given ws's. */
export const realtimeTransport = WebSocket as unknown as WebSocketLikeConstructor;

export function clientFor(server: RunningServer, key: string): SupabaseClient {
  return createClient(server.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: realtimeTransport },
  });
}

/**
 * Declares the suite once per database kind, each with its own server started in beforeAll.
 */
export function forEachDatabase(
  name: string,
  opts: ServerOptions,
  body: (ctx: SuiteContext) => void,
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let server: RunningServer | undefined;
      const ctx: SuiteContext = {
        kind,
        get server() {
          if (!server) throw new Error('server not started');
          return server;
        },
        anon: () => clientFor(ctx.server, ctx.server.anonKey),
        service: () => clientFor(ctx.server, ctx.server.serviceRoleKey),
      };
      beforeAll(async () => {
        server = await testDatabase(kind).start(opts);
      });
      afterAll(async () => {
        await server?.stop();
      });
      body(ctx);
    });
  }
}

/** Raw HTTP against the server with the usual Supabase headers. */
export async function rawFetch(
  server: RunningServer,
  pathAndQuery: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; token?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const res = await fetch(server.url + pathAndQuery, {
    method: init.method ?? 'GET',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${init.token ?? server.anonKey}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}
