// `npm start` on a kept database (.data, or DATABASE_URL) prepares it again on every start:
// what the migrations took away from the API roles must still be taken away afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../../server/index.ts';
import { adminQuery } from '../../helpers/server.ts';

const base: ServerOptions = {
  port: 0,
  quiet: true,
  bcryptCost: 4,
  seedFile: null,
  reminders: { intervalMs: 0 },
};

/** What the anon key may do with the callback requests (the migrations allow insert only). */
async function anonReadsCallbacks(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/rest/v1/callbacks?select=id`, {
    headers: { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` },
  });
  return response.status;
}

/** Whether the anon role may list the users (the migrations keep it to signed-in admins). */
async function anonListsUsers(server: RunningServer): Promise<boolean> {
  const rows = await server.query<{ allowed: boolean }>(
    `select has_function_privilege('anon', 'public.admin_list_users()', 'execute') as allowed`,
  );
  return rows[0]?.allowed ?? true;
}

/** Starts twice on one database and answers what the second start allows. */
async function secondStart(opts: ServerOptions) {
  const first = await startServer({ ...base, ...opts });
  const fresh = {
    callbacks: await anonReadsCallbacks(first),
    listUsers: await anonListsUsers(first),
  };
  await first.stop();
  const again = await startServer({ ...base, ...opts });
  try {
    return {
      fresh,
      restarted: {
        callbacks: await anonReadsCallbacks(again),
        listUsers: await anonListsUsers(again),
      },
    };
  } finally {
    await again.stop();
  }
}

describe('security: a restart on a kept database', { timeout: 120_000 }, () => {
  it('PGlite data directory: the anon key still cannot read callbacks or list the users', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-restart-'));
    try {
      const { fresh, restarted } = await secondStart({ dataDir });
      expect(fresh).toEqual({ callbacks: 401, listUsers: false });
      expect(restarted).toEqual(fresh);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL database: the same after a restart',
    async () => {
      const admin = process.env.TEST_DATABASE_URL ?? '';
      const name = `bg_restart_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        const { fresh, restarted } = await secondStart({
          dataDir: 'memory',
          databaseUrl: url.toString(),
        });
        expect(fresh).toEqual({ callbacks: 401, listUsers: false });
        expect(restarted).toEqual(fresh);
      } finally {
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    },
  );
});
