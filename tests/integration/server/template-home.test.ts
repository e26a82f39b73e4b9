import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneTemplateHome, TEMPLATE_UNUSED_MS, touchTemplate } from '../../../server/pglite-db.ts';
import {
  prunePostgresTestDatabases,
  staleTestDatabases,
} from '../../helpers/database-templates.ts';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
});

function homeWith(entries: Record<string, number>): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-template-home-'));
  homes.push(home);
  for (const [name, ageMs] of Object.entries(entries)) {
    const dir = path.join(home, name);
    fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'READY'), '');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(dir, when, when);
  }
  return home;
}

describe('the kept database templates', () => {
  it('lose those nobody used for days when a new one is made, and keep the rest', () => {
    const day = 24 * 60 * 60 * 1000;
    const home = homeWith({
      'template-1-old': TEMPLATE_UNUSED_MS + day,
      'template-2-current': day,
      'prepared-1-old-schema': TEMPLATE_UNUSED_MS + 1000,
      'prepared-2-current': 0,
      'build-crashed': TEMPLATE_UNUSED_MS + day,
      'someone-elses-file': TEMPLATE_UNUSED_MS + day,
    });
    pruneTemplateHome(home);
    expect(fs.readdirSync(home).sort()).toEqual([
      'prepared-2-current',
      'someone-elses-file',
      'template-2-current',
    ]);
  });

  it('count as used when a test run takes one, however old it is', () => {
    const home = homeWith({ 'template-1-kept': TEMPLATE_UNUSED_MS * 2 });
    touchTemplate(path.join(home, 'template-1-kept'));
    pruneTemplateHome(home);
    expect(fs.readdirSync(home)).toEqual(['template-1-kept']);
  });
});

describe("PostgreSQL's kept test databases", () => {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.parse('2026-11-26T12:00:00Z');
  const usedAgo = (ms: number) =>
    `bimaguide test database, last used ${new Date(now - ms).toISOString()}`;

  it('lose those unused for days, stamp those never stamped, and leave every other database', () => {
    expect(
      staleTestDatabases(
        [
          { name: 'bg_prepared_0123abcd', comment: usedAgo(TEMPLATE_UNUSED_MS + day) },
          { name: 'bg_prepared_4567ef01', comment: usedAgo(day) },
          { name: 'bg_build_89ab', comment: usedAgo(TEMPLATE_UNUSED_MS + 1000) },
          { name: 'bg_test_cdef', comment: null },
          { name: 'bg_prepared_2345', comment: 'a comment someone wrote' },
          { name: 'postgres', comment: null },
          { name: 'bg_seq', comment: null },
          { name: 'bg_prepared_x; drop table users', comment: null },
        ],
        now,
      ),
    ).toEqual({
      drop: ['bg_prepared_0123abcd', 'bg_build_89ab'],
      stamp: ['bg_test_cdef', 'bg_prepared_2345'],
    });
  });
});

const url = process.env.TEST_DATABASE_URL;
if (url) {
  describe("PostgreSQL's kept test databases [postgres]", () => {
    const day = 24 * 60 * 60 * 1000;
    const names = {
      old: 'bg_prepared_0000dead0001',
      recent: 'bg_prepared_0000dead0002',
      unstamped: 'bg_prepared_0000dead0003',
      oldInUse: 'bg_prepared_0000dead0004',
    };

    async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    }

    async function exists(name: string): Promise<boolean> {
      return admin(async (c) => {
        const { rows } = await c.query('select 1 from pg_database where datname = $1', [name]);
        return rows.length === 1;
      });
    }

    afterEach(async () => {
      for (const name of Object.values(names)) {
        await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      }
    });

    it('drops the unused ones when a new template is made, but not one in use or just made', async () => {
      const stamped = (ms: number) =>
        `'bimaguide test database, last used ${new Date(Date.now() - ms).toISOString()}'`;
      await admin(async (c) => {
        for (const name of Object.values(names)) await c.query(`create database ${name}`);
        await c.query(`comment on database ${names.old} is ${stamped(TEMPLATE_UNUSED_MS + day)}`);
        await c.query(`comment on database ${names.recent} is ${stamped(day)}`);
        await c.query(
          `comment on database ${names.oldInUse} is ${stamped(TEMPLATE_UNUSED_MS + day)}`,
        );
      });
      const inUse = new pg.Client({
        connectionString: Object.assign(new URL(url), {
          pathname: `/${names.oldInUse}`,
        }).toString(),
      });
      await inUse.connect();
      let dropped: string[];
      try {
        dropped = await prunePostgresTestDatabases({ only: Object.values(names) });
      } finally {
        await inUse.end();
      }
      // Another test process's prune may have dropped the old one first: what is left counts.
      expect(dropped.filter((name) => name !== names.old)).toEqual([]);
      expect(await exists(names.old)).toBe(false);
      expect(await exists(names.recent)).toBe(true);
      expect(await exists(names.unstamped)).toBe(true);
      expect(await exists(names.oldInUse)).toBe(true);
      // Stamped now: a later prune keeps it for as long as any used today.
      const only = [names.unstamped];
      expect(await prunePostgresTestDatabases({ only })).toEqual([]);
      const later = Date.now() + TEMPLATE_UNUSED_MS + day;
      expect(await prunePostgresTestDatabases({ now: later, only })).toEqual(only);
    });
  });
}
