// The sync cursor is only safe if server_seq order equals commit order (see
// public.tg_set_server_seq). This needs two real connections, so it runs on PostgreSQL
// (TEST_DATABASE_URL); on PGlite, a single connection, transactions cannot interleave at all.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaDatabase, schemaFiles } from '../../helpers/schema-database';

const seedFile = path.resolve('supabase/seed.sql');

/** First row of a query, typed; throws when there is none. */
async function one<R extends pg.QueryResultRow>(
  client: pg.Client,
  sql: string,
  params: unknown[] = [],
): Promise<R> {
  const result = await client.query<R>(sql, params);
  const row = result.rows[0];
  if (!row) throw new Error(`no row from: ${sql}`);
  return row;
}

const insertType = (name: string): string =>
  `insert into public.policy_types (name, user_id) values ('${name}', null) returning server_seq`;

describe('schema files [pglite]', () => {
  it('apply on a fresh database, and the seed can run twice', async () => {
    const db = new PGlite();
    for (const f of [...schemaFiles, seedFile, seedFile]) {
      await db.exec(fs.readFileSync(f, 'utf8'));
    }
    const counts = await db.query<{ types: number; glossary: number; faqs: number; news: number }>(
      `select (select count(*)::int from public.policy_types) as types,
              (select count(*)::int from public.glossary) as glossary,
              (select count(*)::int from public.faqs) as faqs,
              (select count(*)::int from public.news) as news`,
    );
    expect(counts.rows[0]).toEqual({ types: 4, glossary: 20, faqs: 12, news: 5 });
    const seqs = [];
    for (const name of ['A', 'B', 'C']) {
      const r = await db.query<{ server_seq: string }>(insertType(name));
      seqs.push(Number(r.rows[0]?.server_seq));
    }
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await db.close();
  });
});

const url = process.env.TEST_DATABASE_URL;
if (url) {
  describe('server_seq commit order [postgres]', () => {
    const db = schemaDatabase(url, 'bg_seq');
    const connect = db.connect;

    beforeAll(async () => {
      await db.create();
    });

    afterAll(async () => {
      await db.drop();
    });

    it('makes a later writer wait, so a smaller seq is never committed after a larger one', async () => {
      const [first, second, reader] = [await connect(), await connect(), await connect()];
      await first.query('begin');
      const s1 = Number((await one<{ server_seq: string }>(first, insertType('First'))).server_seq);

      await second.query('begin');
      const secondInsert = one<{ server_seq: string }>(second, insertType('Second'));

      // Wait until the second writer is queued on the sync lock.
      const waitingSql = `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
      let waiting = 0;
      for (let i = 0; i < 200 && waiting === 0; i++) {
        waiting = (await one<{ n: number }>(reader, waitingSql)).n;
        if (waiting === 0) await new Promise((r) => setTimeout(r, 10));
      }
      expect(waiting).toBe(1);

      // A pull now sees neither row: nothing with a seq is committed yet.
      const before = await one<{ n: number }>(
        reader,
        `select count(*)::int as n from public.policy_types where server_seq >= $1`,
        [s1],
      );
      expect(before.n).toBe(0);

      await first.query('commit');
      const s2 = Number((await secondInsert).server_seq);
      expect(s2).toBeGreaterThan(s1);

      // Cursor at s1 after the first commit; the second row still arrives after it.
      const mid = await one<{ cursor: string }>(
        reader,
        `select max(server_seq) as cursor from public.policy_types where server_seq >= $1`,
        [s1],
      );
      const cursor = Number(mid.cursor);
      expect(cursor).toBe(s1);
      await second.query('commit');
      const next = await reader.query<{ name: string }>(
        `select name from public.policy_types where server_seq > $1 order by server_seq`,
        [cursor],
      );
      expect(next.rows.map((r) => r.name)).toEqual(['Second']);
    });
  });
}
