// The RLS matrix (design §7): anonymous, user A, user B (a stranger), a viewer and an editor
// (user A shares all policies with each, issue 18) and the admin × every table ×
// select/insert/update/delete, through the real supabase-js client against the local server,
// on PGlite and on PostgreSQL. The target row of each cell belongs to user A (or is public
// content / a global type). Every cell's effect is checked in the database itself, so a
// request that "succeeds" without touching the row counts as denied. Storage objects are in
// tests/integration/sharing/storage.test.ts.
import { beforeAll, expect, it } from 'vitest';
import { pushKeys } from '../../helpers/push-keys';
import { forEachDatabase } from '../../helpers/server';
import type { SuiteContext } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, uuid } from './actors';
import type { Actor, ActorName } from './actors';
import { share, signUpActor } from '../sharing/fixtures';
import { GLOBAL_TYPES, insertAsOwner, readAsOwner, seedPolicyWithMember } from './fixtures';
import type { Row } from './fixtures';
import crypto from 'node:crypto';
import path from 'node:path';

type Op = 'select' | 'insert' | 'update' | 'delete';
const ops: readonly Op[] = ['select', 'insert', 'update', 'delete'];

type Name = ActorName | 'viewer' | 'editor';
const names: readonly Name[] = ['anon', 'userA', 'userB', 'viewer', 'editor', 'admin'];

interface Env {
  ctx: SuiteContext;
  actors: Record<Name, Actor>;
  /** Receives user A's shares in the policy_shares cells; never an actor. */
  bystander: Actor;
}

interface TableCase {
  label: string;
  table: string;
  /** Creates the target row (as the database owner) and returns its key. */
  seed(env: Env): Promise<Record<string, string>>;
  /** A fresh row for the insert cell, owned by user A where the table has owners. */
  newRow(env: Env): Promise<{ row: Row; key: Record<string, string> }>;
  patch: () => Row;
  /** What the select cell asks for: every column unless some are not granted. */
  columns?: string;
  /** Synced tables keep a tombstone instead of removing the row. */
  softDelete: boolean;
  allowed: Record<Op, readonly Name[]>;
}

const everyone: readonly Name[] = names;
const nobody: readonly Name[] = [];
const shaHex = (): string => crypto.randomBytes(32).toString('hex');
const short = (): string => uuid().slice(0, 8);
const feedToken = (): string => crypto.randomBytes(32).toString('hex');

const content = (table: string, make: () => Row, patch: () => Row): TableCase => ({
  label: table,
  table,
  async seed({ ctx }) {
    const row = await insertAsOwner(ctx.server, table, { id: uuid(), ...make() });
    return { id: String(row.id) };
  },
  async newRow() {
    const id = uuid();
    return { row: { id, ...make() }, key: { id } };
  },
  patch,
  softDelete: false,
  allowed: { select: everyone, insert: ['admin'], update: ['admin'], delete: ['admin'] },
});

const cases: TableCase[] = [
  {
    label: 'callbacks',
    table: 'callbacks',
    async seed({ ctx }) {
      const row = await insertAsOwner(ctx.server, 'callbacks', {
        id: uuid(),
        name: 'Ravi',
        phone: '9876543210',
        city: 'Kolkata',
      });
      return { id: String(row.id) };
    },
    async newRow() {
      const id = uuid();
      return {
        row: { id, name: 'Meera', phone: '+91 98300 12345', city: 'Howrah', product: 'Other' },
        key: { id },
      };
    },
    patch: () => ({ city: 'Pune' }),
    softDelete: false,
    allowed: { select: ['admin'], insert: everyone, update: nobody, delete: ['admin'] },
  },
  content(
    'news',
    () => ({ title: 'Renewal tips', slug: `renewal-tips-${short()}`, content: 'Renew on time.' }),
    () => ({ title: 'Changed title' }),
  ),
  content(
    'glossary',
    () => ({ term: 'Rider', slug: `rider-${short()}`, definition: 'An add-on cover.' }),
    () => ({ definition: 'Changed definition' }),
  ),
  content(
    'faqs',
    () => ({ question: 'What is IDV?', answer: 'The insured declared value.' }),
    () => ({ answer: 'Changed answer' }),
  ),
  {
    label: 'policy_types (global)',
    table: 'policy_types',
    async seed({ ctx }) {
      const row = await insertAsOwner(ctx.server, 'policy_types', {
        id: uuid(),
        name: `Global ${short()}`,
        icon: 'Car',
        user_id: null,
      });
      return { id: String(row.id) };
    },
    async newRow() {
      const id = uuid();
      return { row: { id, name: `Global ${short()}`, icon: 'Bike', user_id: null }, key: { id } };
    },
    patch: () => ({ name: `Renamed ${short()}` }),
    softDelete: false,
    allowed: { select: everyone, insert: ['admin'], update: ['admin'], delete: ['admin'] },
  },
  {
    label: "policy_types (user A's own)",
    table: 'policy_types',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'policy_types', {
        id: uuid(),
        name: 'Pet',
        icon: 'Dog',
        user_id: idOf(actors.userA),
      });
      return { id: String(row.id) };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: { id, name: 'Travel', icon: 'Plane', user_id: idOf(actors.userA) },
        key: { id },
      };
    },
    patch: () => ({ icon: 'Cat' }),
    softDelete: true,
    allowed: {
      select: ['userA', 'admin'],
      insert: ['userA'],
      update: ['userA'],
      delete: ['userA'],
    },
  },
  {
    label: "policy_types (user A's own, on a policy)",
    table: 'policy_types',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'policy_types', {
        id: uuid(),
        name: 'Pet',
        icon: 'Dog',
        user_id: idOf(actors.userA),
      });
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      await ctx.server.query('update public.policies set policy_type_id = $1 where id = $2', [
        String(row.id),
        policyId,
      ]);
      return { id: String(row.id) };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: { id, name: 'Travel', icon: 'Plane', user_id: idOf(actors.userA) },
        key: { id },
      };
    },
    patch: () => ({ icon: 'Cat' }),
    softDelete: true,
    // Recipients see the name and icon of the owner's type on the policy, nothing more.
    allowed: {
      select: ['userA', 'viewer', 'editor', 'admin'],
      insert: ['userA'],
      update: ['userA'],
      delete: ['userA'],
    },
  },
  {
    label: 'policies',
    table: 'policies',
    async seed({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      return { id: policyId };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: {
          id,
          user_id: idOf(actors.userA),
          policy_type_id: GLOBAL_TYPES.vehicle,
          insurer_name: 'ICICI Lombard',
          policy_number: `MOT-${short()}`,
          start_date: '2024-06-01',
          next_renewal_date: '2025-06-01',
          renewal_frequency: 'yearly',
          sum_insured: 450000,
          premium_amount: 12000,
        },
        key: { id },
      };
    },
    patch: () => ({ insurer_name: 'Changed Insurer' }),
    softDelete: true,
    allowed: {
      select: ['userA', 'viewer', 'editor', 'admin'],
      insert: ['userA'],
      update: ['userA', 'editor'],
      delete: ['userA', 'admin'],
    },
  },
  {
    label: 'people',
    table: 'people',
    async seed({ ctx, actors }) {
      const { personId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      return { id: personId };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: { id, user_id: idOf(actors.userA), name: `Ravi ${short()}`, relationship: 'Son' },
        key: { id },
      };
    },
    patch: () => ({ relationship: 'Spouse' }),
    softDelete: true,
    // The owner's list of people is theirs to change: a person is on every policy of theirs.
    allowed: {
      select: ['userA', 'viewer', 'editor'],
      insert: ['userA'],
      update: ['userA'],
      delete: ['userA'],
    },
  },
  {
    label: 'policy_members',
    table: 'policy_members',
    async seed({ ctx, actors }) {
      const { policyId, personId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      return { policy_id: policyId, person_id: personId };
    },
    async newRow({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const person = await insertAsOwner(ctx.server, 'people', {
        id: uuid(),
        user_id: idOf(actors.userA),
        name: `Kabir ${short()}`,
        relationship: 'Father',
      });
      const personId = String(person.id);
      return {
        row: { policy_id: policyId, person_id: personId, user_id: idOf(actors.userA) },
        key: { policy_id: policyId, person_id: personId },
      };
    },
    patch: () => ({ created_at: '2020-01-01T00:00:00+00:00' }),
    softDelete: true,
    allowed: {
      select: ['userA', 'viewer', 'editor'],
      insert: ['userA'],
      update: ['userA'],
      delete: ['userA'],
    },
  },
  {
    label: 'payments',
    table: 'payments',
    async seed({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const row = await insertAsOwner(ctx.server, 'payments', {
        id: uuid(),
        user_id: idOf(actors.userA),
        policy_id: policyId,
        amount: 15000,
        paid_on: '2025-01-20',
        mode: 'upi',
      });
      return { id: String(row.id) };
    },
    async newRow({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const id = uuid();
      return {
        row: {
          id,
          user_id: idOf(actors.userA),
          policy_id: policyId,
          amount: 14500.5,
          paid_on: '2024-01-25',
        },
        key: { id },
      };
    },
    patch: () => ({ reference: `UPI-${short()}` }),
    softDelete: true,
    // The admin, who may delete a user's policy, never reads their payments. An editor's
    // payment is user A's (a trigger sets the owner).
    allowed: {
      select: ['userA', 'viewer', 'editor'],
      insert: ['userA', 'editor'],
      update: ['userA', 'editor'],
      delete: ['userA'],
    },
  },
  {
    label: 'policy_documents',
    table: 'policy_documents',
    async seed({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const row = await insertAsOwner(ctx.server, 'policy_documents', {
        id: uuid(),
        user_id: idOf(actors.userA),
        policy_id: policyId,
        name: 'E-card.pdf',
        mime_type: 'application/pdf',
        size: 1000,
      });
      return { id: String(row.id) };
    },
    async newRow({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const id = uuid();
      return {
        row: {
          id,
          user_id: idOf(actors.userA),
          policy_id: policyId,
          name: 'Policy schedule.pdf',
          mime_type: 'application/pdf',
          size: 2000,
        },
        key: { id },
      };
    },
    patch: () => ({ name: `Renamed ${short()}.pdf` }),
    softDelete: true,
    allowed: {
      select: ['userA', 'viewer', 'editor'],
      insert: ['userA'],
      update: ['userA', 'editor'],
      delete: ['userA'],
    },
  },
  {
    // A share of one of user A's policies with a bystander: the parties read it; every
    // change goes through the sharing functions (tests/integration/sharing).
    label: 'policy_shares',
    table: 'policy_shares',
    async seed({ ctx, actors, bystander }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const row = await insertAsOwner(ctx.server, 'policy_shares', {
        owner_id: idOf(actors.userA),
        recipient_id: idOf(bystander),
        policy_id: policyId,
        role: 'viewer',
      });
      return { id: String(row.id) };
    },
    async newRow({ ctx, actors, bystander }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const id = uuid();
      return {
        row: {
          id,
          owner_id: idOf(actors.userA),
          recipient_id: idOf(bystander),
          policy_id: policyId,
          role: 'editor',
        },
        key: { id },
      };
    },
    patch: () => ({ role: 'editor' }),
    softDelete: false,
    allowed: { select: ['userA'], insert: nobody, update: nobody, delete: nobody },
  },
  {
    label: 'share_invitations',
    table: 'share_invitations',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'share_invitations', {
        id: uuid(),
        owner_id: idOf(actors.userA),
        email: `invitee-${short()}@example.com`,
        role: 'viewer',
        token_hash: shaHex(),
      });
      return { id: String(row.id) };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: {
          id,
          owner_id: idOf(actors.userA),
          email: `invitee-${short()}@example.com`,
          role: 'editor',
          token_hash: shaHex(),
        },
        key: { id },
      };
    },
    patch: () => ({ status: 'accepted' }),
    // token_hash is granted to nobody (see the next case).
    columns: 'id, owner_id, email, policy_id, role, status, created_at, expires_at',
    softDelete: false,
    allowed: { select: ['userA'], insert: nobody, update: nobody, delete: nobody },
  },
  {
    label: 'share_invitations.token_hash',
    table: 'share_invitations',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'share_invitations', {
        id: uuid(),
        owner_id: idOf(actors.userA),
        email: `invitee-${short()}@example.com`,
        role: 'viewer',
        token_hash: shaHex(),
      });
      return { id: String(row.id) };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: {
          id,
          owner_id: idOf(actors.userA),
          email: `invitee-${short()}@example.com`,
          role: 'editor',
          token_hash: shaHex(),
        },
        key: { id },
      };
    },
    patch: () => ({ token_hash: shaHex() }),
    columns: 'id, token_hash',
    softDelete: false,
    allowed: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  },
  {
    label: 'push_subscriptions',
    table: 'push_subscriptions',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'push_subscriptions', {
        id: uuid(),
        user_id: idOf(actors.userA),
        endpoint: `https://push.example.com/${uuid()}`,
        ...pushKeys(),
      });
      return { id: String(row.id) };
    },
    async newRow({ actors }) {
      const id = uuid();
      return {
        row: {
          id,
          user_id: idOf(actors.userA),
          endpoint: `https://push.example.com/${uuid()}`,
          ...pushKeys(),
        },
        key: { id },
      };
    },
    patch: () => ({ p256dh: pushKeys().p256dh }),
    softDelete: false,
    allowed: { select: ['userA'], insert: ['userA'], update: ['userA'], delete: ['userA'] },
  },
  {
    label: 'sync_ops',
    table: 'sync_ops',
    async seed({ ctx, actors }) {
      const row = await insertAsOwner(ctx.server, 'sync_ops', {
        op_id: uuid(),
        user_id: idOf(actors.userA),
        result: { status: 'applied' },
      });
      return { op_id: String(row.op_id) };
    },
    async newRow({ actors }) {
      const opId = uuid();
      return { row: { op_id: opId, user_id: idOf(actors.userA) }, key: { op_id: opId } };
    },
    patch: () => ({ result: { status: 'changed' } }),
    softDelete: false,
    allowed: { select: ['userA'], insert: ['userA'], update: ['userA'], delete: nobody },
  },
  {
    label: 'reminder_log',
    table: 'reminder_log',
    async seed({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const row = await insertAsOwner(ctx.server, 'reminder_log', {
        user_id: idOf(actors.userA),
        policy_id: policyId,
        due_date: '2025-01-31',
        threshold: '7',
      });
      return { id: String(row.id) };
    },
    async newRow({ ctx, actors }) {
      const { policyId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      return {
        row: {
          user_id: idOf(actors.userA),
          policy_id: policyId,
          due_date: '2025-01-31',
          threshold: '30',
        },
        key: { policy_id: policyId, threshold: '30' },
      };
    },
    patch: () => ({ sent_at: '2020-01-01T00:00:00+00:00' }),
    softDelete: false,
    allowed: { select: ['userA'], insert: nobody, update: nobody, delete: nobody },
  },
  {
    // One row per user: each attempt starts from user A's row alone. Tokens are made by
    // regenerate_calendar_feed() only, so nobody inserts or updates directly.
    label: 'calendar_feeds',
    table: 'calendar_feeds',
    async seed({ ctx, actors }) {
      const userId = idOf(actors.userA);
      await ctx.server.query('delete from public.calendar_feeds where user_id = $1', [userId]);
      await insertAsOwner(ctx.server, 'calendar_feeds', { user_id: userId, token: feedToken() });
      return { user_id: userId };
    },
    async newRow({ ctx, actors }) {
      const userId = idOf(actors.userA);
      await ctx.server.query('delete from public.calendar_feeds where user_id = $1', [userId]);
      return { row: { user_id: userId, token: feedToken() }, key: { user_id: userId } };
    },
    patch: () => ({ token: feedToken() }),
    softDelete: false,
    allowed: { select: ['userA'], insert: nobody, update: nobody, delete: ['userA'] },
  },
  {
    label: 'admins',
    table: 'admins',
    async seed({ ctx }) {
      const email = `second-admin-${short()}@example.com`;
      await insertAsOwner(ctx.server, 'admins', { email });
      return { email };
    },
    async newRow() {
      const email = `new-admin-${short()}@example.com`;
      return { row: { email }, key: { email } };
    },
    patch: () => ({ created_at: '2020-01-01T00:00:00+00:00' }),
    softDelete: false,
    allowed: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  },
];

function sameValue(actual: unknown, expected: unknown): boolean {
  if (
    typeof expected === 'string' &&
    typeof actual === 'string' &&
    /^\d{4}-\d\d-\d\dT/.test(expected)
  ) {
    return Date.parse(actual) === Date.parse(expected);
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Runs one cell and reports whether the operation took effect for that actor. */
async function attempt(env: Env, c: TableCase, op: Op, actor: Actor): Promise<boolean> {
  const { server } = env.ctx;
  const from = () => actor.client.from(c.table);
  if (op === 'insert') {
    const { row, key } = await c.newRow(env);
    const { error } = await from().insert(row);
    const stored = await readAsOwner(server, c.table, key);
    if (error && stored) throw new Error(`${c.label}: insert errored but the row exists`);
    return stored !== null;
  }
  const key = await c.seed(env);
  if (op === 'select') {
    const { data, error } = await from()
      .select(c.columns ?? '*')
      .match(key);
    if (error) return false;
    return (data ?? []).length === 1;
  }
  if (op === 'update') {
    const patch = c.patch();
    await from().update(patch).match(key);
    const stored = await readAsOwner(server, c.table, key);
    if (!stored) throw new Error(`${c.label}: row vanished on update`);
    return Object.entries(patch).every(([k, v]) => sameValue(stored[k], v));
  }
  await from().delete().match(key);
  const stored = await readAsOwner(server, c.table, key);
  if (!stored) return true;
  return c.softDelete && stored.deleted_at !== null;
}

forEachDatabase(
  'RLS matrix',
  {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedFile: path.resolve('supabase/seed.sql'),
  },
  (ctx) => {
    let env: Env | undefined;
    beforeAll(async () => {
      const actors = await createActors(ctx);
      const viewer = await signUpActor(ctx, 'Viewer');
      const editor = await signUpActor(ctx, 'Editor');
      await share(actors.userA, viewer, 'viewer');
      await share(actors.userA, editor, 'editor');
      env = {
        ctx,
        actors: { ...actors, viewer, editor },
        bystander: await signUpActor(ctx, 'Bystander'),
      };
    });

    for (const c of cases) {
      for (const op of ops) {
        it(`${c.label} × ${op}: allowed for ${c.allowed[op].join(', ') || 'nobody'}`, async () => {
          if (!env) throw new Error('actors not ready');
          const outcome: Record<string, string> = {};
          for (const name of names) {
            const took = await attempt(env, c, op, env.actors[name]);
            outcome[name] = took ? 'allowed' : 'denied';
          }
          const expected = Object.fromEntries(
            names.map((n) => [n, c.allowed[op].includes(n) ? 'allowed' : 'denied']),
          );
          expect(outcome).toEqual(expected);
        });
      }
    }
  },
);
