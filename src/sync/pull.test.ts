// pullChanges asks for the next page while the one before is applied (issue 22): what the
// device ends up holding when pages arrive early, when a request fails mid-way and when an
// apply fails with the next page already asked for.
import 'fake-indexeddb/auto';
import { afterEach, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { deleteTrackerDb, openTrackerDb, type TrackerDb } from '@/db/tracker-db';
import { SyncRequestError } from './errors';
import { pullChanges, storedRanges, readCursor } from './pull';
import { pulled } from '../../tests/helpers/tracker-device';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const users: string[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const userId of users.splice(0)) await deleteTrackerDb(userId);
});

function policyRow(userId: string, id: string, policyNumber: string, seq: number) {
  return {
    id,
    user_id: userId,
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: policyNumber,
    product_name: null,
    start_date: '2024-01-31',
    next_renewal_date: '2026-12-31',
    renewal_frequency: 'yearly',
    sum_insured: 500000,
    premium_amount: 15000,
    additional_details: null,
    updated_by: userId,
    ...pulled(seq),
  };
}

type Row = ReturnType<typeof policyRow>;

interface FakeServer {
  client: SupabaseClient;
  /** The `since` of every sync_pull request, in the order they were sent. */
  asked: number[];
  /** Requests (by their index in `asked`) answered with a 503 instead of a page. */
  failing: Set<number>;
  /** Requests whose answer waits until the test releases it. */
  held: Map<number, Promise<void>>;
}

/** sync_pull over a fixed list of changes, paged by server_seq as the real RPC pages them. */
function fakeServer(rows: Row[]): FakeServer {
  const server: FakeServer = {
    client: undefined as unknown as SupabaseClient,
    asked: [],
    failing: new Set(),
    held: new Map(),
  };
  const answer = async (index: number, since: number, max: number) => {
    await server.held.get(index);
    if (server.failing.has(index)) {
      return { data: null, error: { message: 'unavailable', code: '' }, status: 503 };
    }
    const page = rows.filter((row) => row.server_seq > since).slice(0, max);
    return {
      data: {
        changes: page.map((row) => ({ table: 'policies', server_seq: row.server_seq, row })),
        cursor: page.at(-1)?.server_seq ?? since,
        has_more: page.length >= max,
        global_policy_types: [
          { id: HEALTH, name: 'Health', icon: 'HeartPulse', user_id: null, ...pulled(1) },
        ],
      },
      error: null,
      status: 200,
    };
  };
  server.client = {
    rpc: (_name: 'sync_pull', args: { since: number; max: number }) => {
      const index = server.asked.push(args.since) - 1;
      return { abortSignal: () => answer(index, args.since, args.max) };
    },
  } as unknown as SupabaseClient;
  return server;
}

function device(): { db: TrackerDb; userId: string } {
  const userId = crypto.randomUUID();
  users.push(userId);
  return { db: openTrackerDb(userId), userId };
}

/** Six policies, one change each, seq 1–6: three pages of two. */
function sixPolicies(userId: string): Row[] {
  return [1, 2, 3, 4, 5, 6].map((seq) => policyRow(userId, crypto.randomUUID(), `P-${seq}`, seq));
}

async function policyNumbers(db: TrackerDb): Promise<string[]> {
  return (await db.policies.toArray()).map((p) => p.policy_number).sort();
}

/** Makes the page applies of `db` fail from the `failing`th on (1-based). */
function failApplyFrom(db: TrackerDb, failing: number): void {
  const original = db.serverRows.bulkPut.bind(db.serverRows);
  let calls = 0;
  vi.spyOn(db.serverRows, 'bulkPut').mockImplementation((...args) => {
    calls += 1;
    if (calls >= failing) return Promise.reject(new Error('disk full')) as never;
    return original(...args);
  });
}

it('applies every page in order: a row changed between pages ends as its later version, the cursor on the last page', async () => {
  const { db, userId } = device();
  const changed = crypto.randomUUID();
  const rows = [
    policyRow(userId, changed, 'OLD-1', 1),
    policyRow(userId, crypto.randomUUID(), 'P-2', 2),
    policyRow(userId, crypto.randomUUID(), 'P-3', 3),
    policyRow(userId, changed, 'NEW-1', 4),
    policyRow(userId, crypto.randomUUID(), 'P-5', 5),
  ];
  const server = fakeServer(rows);
  // The second page is answered only after the third was asked for: were pages applied as
  // they arrive, the third would land first.
  let releaseSecond: () => void = () => undefined;
  server.held.set(
    1,
    new Promise<void>((resolve) => {
      releaseSecond = resolve;
    }),
  );
  const pulling = pullChanges(db, server.client, userId, { pageSize: 2 });
  await vi.waitFor(() => expect(server.asked).toHaveLength(2));
  releaseSecond();
  const report = await pulling;

  expect(report).toEqual({ requests: 3, changes: 5, cursor: 5 });
  expect(server.asked).toEqual([0, 2, 4]);
  expect(await policyNumbers(db)).toEqual(['NEW-1', 'P-2', 'P-3', 'P-5']);
  expect(await readCursor(db)).toBe(5);
});

it('a request failing mid-way keeps the pages applied before it and their cursor; the next pull goes on from there', async () => {
  const { db, userId } = device();
  const server = fakeServer(sixPolicies(userId));
  // The third page's request fails at once, while the second page is still being applied.
  server.failing.add(2);

  const failed = pullChanges(db, server.client, userId, { pageSize: 2 });
  await expect(failed).rejects.toBeInstanceOf(SyncRequestError);
  expect(await policyNumbers(db)).toEqual(['P-1', 'P-2', 'P-3', 'P-4']);
  expect(await readCursor(db)).toBe(4);

  server.failing.clear();
  const report = await pullChanges(db, server.client, userId, { pageSize: 2 });
  // The third page is full, so an empty fourth one says there is no more.
  expect(server.asked.slice(3)).toEqual([4, 6]);
  expect(report.cursor).toBe(6);
  expect(await policyNumbers(db)).toEqual(['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6']);
});

it('an apply that fails drops the page asked for meanwhile: nothing after the failed page is stored, and the next pull asks again from the last applied cursor', async () => {
  const { db, userId } = device();
  const server = fakeServer(sixPolicies(userId));
  failApplyFrom(db, 2);

  await expect(pullChanges(db, server.client, userId, { pageSize: 2 })).rejects.toThrow(
    'disk full',
  );
  // The third page had been asked for while the second was applied; it is not stored.
  expect(server.asked).toEqual([0, 2, 4]);
  expect(await policyNumbers(db)).toEqual(['P-1', 'P-2']);
  expect(await readCursor(db)).toBe(2);

  vi.restoreAllMocks();
  await pullChanges(db, server.client, userId, { pageSize: 2 });
  expect(server.asked.slice(3)).toEqual([2, 4, 6]);
  expect(await policyNumbers(db)).toEqual(['P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6']);
  expect(await readCursor(db)).toBe(6);
});

it('an apply failing while the request after it fails too reports the apply’s error (the dropped request’s is not left unhandled)', async () => {
  const { db, userId } = device();
  const server = fakeServer(sixPolicies(userId));
  server.failing.add(1);
  failApplyFrom(db, 1);

  await expect(pullChanges(db, server.client, userId, { pageSize: 2 })).rejects.toThrow(
    'disk full',
  );
  expect(server.asked).toEqual([0, 2]);
  expect(await db.policies.count()).toBe(0);
  expect(await readCursor(db)).toBe(0);
  // Vitest fails the run on a rejection nobody handled; give it the chance to be seen.
  await new Promise((resolve) => setTimeout(resolve, 20));
});

it('tells the server only the seq ranges it stored whole, the longest when there are too many', () => {
  const stored = new Map([
    ['policies:a', 7],
    ['policies:b', 5],
    ['people:c', 6],
    ['policies:d', 9],
    ['policies:e', 0],
    ['policies:f', 12],
    ['policies:g', 11],
    ['policies:h', 10],
  ]);
  expect(storedRanges(stored)).toEqual([
    [5, 7],
    [9, 12],
  ]);
  expect(storedRanges(new Map([['policies:a', 3]]))).toEqual([[3, 3]]);
  expect(storedRanges(stored, 1)).toEqual([[9, 12]]);
  expect(storedRanges(new Map())).toEqual([]);
});

it('asks the pages after a push without the rows that push stored', async () => {
  const { db, userId } = device();
  const server = fakeServer(sixPolicies(userId));
  const asked: unknown[] = [];
  const rpc = server.client.rpc.bind(server.client);
  vi.spyOn(server.client, 'rpc').mockImplementation((name, args) => {
    asked.push(args);
    return rpc(name, args);
  });
  await pullChanges(db, server.client, userId, { stored: new Map([['policies:x', 4]]) });
  await pullChanges(db, server.client, userId);
  expect(asked).toEqual([
    { since: 0, max: 2000, skip: [[4, 4]] },
    { since: 6, max: 2000 },
  ]);
});
