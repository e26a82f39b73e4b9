// Two devices' sync_push calls racing on the same row (issue 15, defect 4). sync_apply_op
// used to decide from a row it read before its write waited on the other device's
// transaction, so the second device was refused, or a link survived its policy's deletion.
//
// Payments (issue 19) race their policy's deletion the same way a member link does.
//
// On PostgreSQL each race is forced, 100 times: the first device's sync_push runs and keeps
// its transaction open (holding its locks), the second device's sync_push starts and is seen
// waiting on a lock, then the first commits. PGlite runs one query at a time, so two
// transactions cannot interleave there at all; it runs each pair one after the other, the
// only order it has, and must give the same answers.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../helpers/server';
import { schemaDatabase, schemaFiles } from '../../helpers/schema-database';
import type { DbKind } from '../../helpers/server';
import { syncPushResponseSchema } from '../../../src/domain/schemas';
import type { SyncOp, SyncResult } from '../../../src/domain/schemas';

const RACES = 100;

/** One database connection: a statement's rows. */
type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;

const countSchema = z.object({ n: z.number() });
const waitingSchema = z.object({ waiting: z.boolean() });

/** The rows a race starts from, committed before it. */
interface World {
  userId: string;
  policyId: string;
  personId: string;
}

const DUE = '2025-01-31';
const RENEWED = '2025-02-28';

interface Scenario {
  name: string;
  first(w: World): SyncOp;
  second(w: World): SyncOp;
  /** What a user would see wrong after both committed, or null. */
  judge(first: SyncResult, second: SyncResult, db: Query, w: World): Promise<string | null>;
}

type OpBody = SyncOp extends infer O ? (O extends SyncOp ? Omit<O, 'op_id'> : never) : never;
const op = (o: OpBody): SyncOp => ({ op_id: crypto.randomUUID(), ...o });
const renew = (w: World): SyncOp =>
  op({ table: 'policies', kind: 'renew', id: w.policyId, renewed_from: DUE });
const deletePolicy = (w: World): SyncOp =>
  op({ table: 'policies', kind: 'delete', id: w.policyId });
const deletePerson = (w: World): SyncOp => op({ table: 'people', kind: 'delete', id: w.personId });
const addMember = (w: World): SyncOp =>
  op({
    table: 'policy_members',
    kind: 'upsert',
    row: { policy_id: w.policyId, person_id: w.personId },
  });

const addPayment = (w: World): SyncOp =>
  op({
    table: 'payments',
    kind: 'upsert',
    row: { id: crypto.randomUUID(), policy_id: w.policyId, amount: 15000, paid_on: DUE },
  });

function outcome(r: SyncResult): string {
  return `${r.status}/${r.code ?? 'null'}${r.message ? ` "${r.message}"` : ''}`;
}

function expectApplied(r: SyncResult, code: string | null, who: string): string | null {
  return r.status === 'applied' && r.code === code
    ? null
    : `${who}: expected applied/${code ?? 'null'}, got ${outcome(r)}`;
}

async function liveLinks(db: Query, w: World): Promise<number> {
  const rows = await db(
    `select count(*)::int as n from public.policy_members
      where policy_id = $1 and person_id = $2 and deleted_at is null`,
    [w.policyId, w.personId],
  );
  return countSchema.parse(rows[0]).n;
}

async function noLivePaymentOnDeletedPolicy(
  db: Query,
  w: World,
  ...results: SyncResult[]
): Promise<string | null> {
  for (const [i, r] of results.entries()) {
    if (r.status !== 'applied') return `device ${i + 1}: ${outcome(r)}`;
  }
  const rows = await db(
    `select count(*)::int as n from public.payments
      where policy_id = $1 and deleted_at is null`,
    [w.policyId],
  );
  const live = countSchema.parse(rows[0]).n;
  return live === 0 ? null : `a live payment remains on a deleted policy`;
}

async function noLiveLinkOnDeletedParent(
  db: Query,
  w: World,
  ...results: SyncResult[]
): Promise<string | null> {
  for (const [i, r] of results.entries()) {
    if (r.status !== 'applied') return `device ${i + 1}: ${outcome(r)}`;
  }
  const live = await liveLinks(db, w);
  return live === 0 ? null : `a live member link remains on a deleted row`;
}

const scenarios: Scenario[] = [
  {
    name: 'two devices renew the same due date',
    first: renew,
    second: renew,
    async judge(first, second, db, w) {
      const rows = await db(
        `select next_renewal_date::text as d from public.policies where id = $1`,
        [w.policyId],
      );
      const due = z.object({ d: z.string() }).parse(rows[0]).d;
      return (
        expectApplied(first, null, 'device 1') ??
        expectApplied(second, 'already_renewed', 'device 2') ??
        (second.row?.next_renewal_date === RENEWED ? null : 'device 2 got a stale row') ??
        (due === RENEWED ? null : `renewed to ${due}, expected once to ${RENEWED}`)
      );
    },
  },
  {
    name: 'two devices delete the same policy',
    first: deletePolicy,
    second: deletePolicy,
    judge: async (first, second) =>
      expectApplied(first, null, 'device 1') ??
      expectApplied(second, 'already_deleted', 'device 2'),
  },
  {
    name: 'one device deletes a policy while another renews it',
    first: deletePolicy,
    second: renew,
    judge: async (first, second) =>
      expectApplied(first, null, 'device 1') ??
      expectApplied(second, 'ignored_deleted', 'device 2'),
  },
  {
    name: 'one device deletes a policy while another adds a member to it',
    first: deletePolicy,
    second: addMember,
    judge: (first, second, db, w) => noLiveLinkOnDeletedParent(db, w, first, second),
  },
  {
    name: 'one device adds a member while another deletes the policy',
    first: addMember,
    second: deletePolicy,
    judge: (first, second, db, w) => noLiveLinkOnDeletedParent(db, w, first, second),
  },
  {
    name: 'one device deletes a policy while another records a payment for it',
    first: deletePolicy,
    second: addPayment,
    judge: (first, second, db, w) => noLivePaymentOnDeletedPolicy(db, w, first, second),
  },
  {
    name: 'one device records a payment while another deletes the policy',
    first: addPayment,
    second: deletePolicy,
    judge: (first, second, db, w) => noLivePaymentOnDeletedPolicy(db, w, first, second),
  },
  {
    name: 'one device deletes a person while another links them to a policy',
    first: deletePerson,
    second: addMember,
    judge: (first, second, db, w) => noLiveLinkOnDeletedParent(db, w, first, second),
  },
];

/** Commits a live policy due on DUE and a live person, both owned by the user. */
async function makeWorld(db: Query, userId: string): Promise<World> {
  const w = { userId, policyId: crypto.randomUUID(), personId: crypto.randomUUID() };
  await db(
    `insert into public.policies (id, user_id, insurer_name, policy_number, start_date,
       renewal_frequency, next_renewal_date)
     values ($1, $2, 'Star Health', 'SH-1', '2024-01-31', 'monthly', $3)`,
    [w.policyId, userId, DUE],
  );
  await db(
    `insert into public.people (id, user_id, name, relationship) values ($1, $2, $3, 'Spouse')`,
    [w.personId, userId, `Ravi ${w.personId.slice(0, 8)}`],
  );
  return w;
}

async function createUser(db: Query): Promise<string> {
  const id = crypto.randomUUID();
  await db(`insert into auth.users (id, email) values ($1, $2)`, [id, `${id}@example.com`]);
  return id;
}

/** BEGIN as the user, the way the REST layer starts each request's transaction. */
async function beginAs(db: Query, userId: string): Promise<void> {
  await db('begin');
  await db(
    `select set_config('role', 'authenticated', true),
            set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true)`,
    [JSON.stringify({ sub: userId, role: 'authenticated' }), userId],
  );
}

async function push(db: Query, o: SyncOp): Promise<SyncResult> {
  const rows = await db(`select public.sync_push($1::jsonb) as r`, [JSON.stringify([o])]);
  const result = syncPushResponseSchema.parse(z.object({ r: z.unknown() }).parse(rows[0]).r)[0];
  if (!result) throw new Error('sync_push answered no result');
  return result;
}

function pgQuery(client: pg.Client): Query {
  return async (sql, params) => (await client.query(sql, params)).rows;
}

function pgliteQuery(db: PGlite): Query {
  return async (sql, params) => (await db.query(sql, params)).rows;
}

/** Polls until the backend waits on a lock; false if it never does within the limit. */
async function waitsOnLock(observer: Query, pid: number, settled: () => boolean): Promise<boolean> {
  for (let i = 0; i < 500 && !settled(); i++) {
    const rows = await observer(
      `select coalesce(wait_event_type = 'Lock', false) as waiting
         from pg_stat_activity where pid = $1`,
      [pid],
    );
    if (waitingSchema.parse(rows[0]).waiting) return true;
    await new Promise((r) => setTimeout(r, 2));
  }
  return false;
}

function postgresSuite(): void {
  describe('sync_push races on the same row [postgres: forced interleavings]', () => {
    // databaseKinds() lists postgres only when TEST_DATABASE_URL is set.
    const admin = z.string().url().parse(process.env.TEST_DATABASE_URL);
    const db = schemaDatabase(admin, 'bg_race');
    let setup: Query;
    let device1: Query;
    let device2: Query;
    let device2Pid = 0;
    let userId = '';

    beforeAll(async () => {
      setup = pgQuery(await db.create());
      device1 = pgQuery(await db.connect());
      const d2 = await db.connect();
      device2 = pgQuery(d2);
      device2Pid = z
        .object({ pid: z.number() })
        .parse((await d2.query('select pg_backend_pid() as pid')).rows[0]).pid;
      userId = await createUser(setup);
    });

    afterAll(async () => {
      await db.drop();
    });

    /** Device 1 applies and holds its transaction; device 2 starts, waits, then 1 commits. */
    async function forceRace(s: Scenario, w: World): Promise<string | null> {
      await beginAs(device1, userId);
      const first = await push(device1, s.first(w));
      await beginAs(device2, userId);
      let settled = false;
      const pending = push(device2, s.second(w)).then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      void pending.finally(() => {
        settled = true;
      });
      const waited = await waitsOnLock(setup, device2Pid, () => settled);
      await device1('commit');
      const second = await pending;
      await device2(second.ok ? 'commit' : 'rollback');
      if (!second.ok) return `device 2's sync_push failed: ${String(second.e)}`;
      if (!waited) return 'device 2 never waited on device 1 (the race was not forced)';
      return s.judge(first, second.r, setup, w);
    }

    it.each(scenarios)('$name: 0 wrong outcomes in 100 forced races', async (s) => {
      const wrong: string[] = [];
      for (let i = 0; i < RACES; i++) {
        const problem = await forceRace(s, await makeWorld(setup, userId));
        if (problem) wrong.push(problem);
      }
      expect({ wrong: wrong.length, kinds: [...new Set(wrong)] }).toEqual({ wrong: 0, kinds: [] });
    });
  });
}

function pgliteSuite(): void {
  describe('sync_push races on the same row [pglite: one after the other; PGlite cannot interleave]', () => {
    let db: PGlite;
    let q: Query;
    let userId = '';

    beforeAll(async () => {
      db = new PGlite();
      for (const f of schemaFiles) await db.exec(fs.readFileSync(f, 'utf8'));
      q = pgliteQuery(db);
      userId = await createUser(q);
    });

    afterAll(async () => {
      await db.close();
    });

    it.each(scenarios)('$name: the second device gets the answer the race must give', async (s) => {
      const w = await makeWorld(q, userId);
      const results: SyncResult[] = [];
      for (const o of [s.first(w), s.second(w)]) {
        await beginAs(q, userId);
        results.push(await push(q, o));
        await q('commit');
      }
      const [first, second] = results;
      if (!first || !second) throw new Error('missing result');
      expect(await s.judge(first, second, q, w)).toBeNull();
    });
  });
}

const suites: Record<DbKind, () => void> = { pglite: pgliteSuite, postgres: postgresSuite };
for (const kind of databaseKinds()) suites[kind]();
