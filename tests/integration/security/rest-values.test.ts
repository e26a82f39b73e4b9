// Issue 14, item 7: values no person could mean are refused, whichever way they arrive
// (/rest/v1 as a signed-in user, or sync_push as the app writes), and a JSON number too large
// for a double is refused instead of being stored as null.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import { syncPushResponseSchema } from '../../../src/domain/schemas';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, uuid } from '../rls/actors';
import type { Actors } from '../rls/actors';
import { GLOBAL_TYPES, readAsOwner } from '../rls/fixtures';

function policy(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    policy_type_id: GLOBAL_TYPES.health,
    insurer_name: 'Star Health',
    policy_number: `SH-${uuid().slice(0, 8)}`,
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
    ...fields,
  };
}

const impossible: [string, Record<string, unknown>][] = [
  ['sum_insured NaN', { sum_insured: 'NaN' }],
  ['premium_amount NaN', { premium_amount: 'nan' }],
  ['start_date -infinity', { start_date: '-infinity' }],
  ['next_renewal_date infinity', { next_renewal_date: 'infinity' }],
  ['start_date BC', { start_date: '0044-03-15 BC', next_renewal_date: '2025-01-31' }],
  ['next_renewal_date far future', { next_renewal_date: '5874897-12-31' }],
  ['created_at -infinity', { created_at: '-infinity' }],
];

async function token(client: SupabaseClient): Promise<string> {
  const session = await client.auth.getSession();
  const t = session.data.session?.access_token;
  if (!t) throw new Error('no session');
  return t;
}

forEachDatabase(
  'security: impossible values',
  {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedFile: path.resolve('supabase/seed.sql'),
  },
  (ctx) => {
    let actors: Actors;
    beforeAll(async () => {
      actors = await createActors(ctx);
    });

    it.each(impossible)('REST refuses a policy with %s', async (_name, fields) => {
      const row = policy(fields);
      const { error, status } = await actors.userA.client.from('policies').insert(row);
      expect(status).toBe(400);
      expect(error?.code).toMatch(/^(23514|22008|22007)$/);
      expect(await readAsOwner(ctx.server, 'policies', { id: String(row.id) })).toBeNull();
    });

    it.each(impossible)('sync_push rejects a policy with %s', async (_name, fields) => {
      const row = policy(fields);
      const { data, error } = await actors.userA.client.rpc('sync_push', {
        ops: [{ op_id: uuid(), table: 'policies', kind: 'upsert', row }],
      });
      expect(error).toBeNull();
      const results = syncPushResponseSchema.parse(data);
      expect(results[0]?.status).toBe('rejected');
      expect(await readAsOwner(ctx.server, 'policies', { id: String(row.id) })).toBeNull();
    });

    it('refuses tombstoning a row at infinity through REST', async () => {
      const row = policy();
      expect((await actors.userA.client.from('policies').insert(row)).error).toBeNull();
      const { error } = await actors.userA.client
        .from('policies')
        .update({ deleted_at: 'infinity' })
        .eq('id', String(row.id));
      expect(error?.code).toBe('23514');
      const stored = await readAsOwner(ctx.server, 'policies', { id: String(row.id) });
      expect(stored?.deleted_at).toBeNull();
    });

    const infiniteTimestamps: [string, Record<string, unknown>][] = [
      ['people', { id: uuid(), name: 'Asha', relationship: 'Self', created_at: 'infinity' }],
      ['policy_types', { name: 'Odd', created_at: '-infinity' }],
    ];
    it.each(infiniteTimestamps)(
      'refuses a %s row with an infinite timestamp',
      async (table, row) => {
        const client = actors.userA.client;
        const { error } = await client
          .from(table)
          .insert(table === 'policy_types' ? { ...row, user_id: actors.userA.id } : row);
        expect(error?.code).toBe('23514');
      },
    );

    it.each([
      ['1e400', '1e400'],
      ['-1e400', '-1e400'],
      ['1.8e308', '1.8e308'],
    ])('REST refuses an overflowing number %s instead of storing null', async (_n, text) => {
      const row = policy();
      const body = JSON.stringify(row).replace(/}$/, `,"sum_insured":${text}}`);
      const res = await rawFetch(ctx.server, '/rest/v1/policies', {
        method: 'POST',
        token: await token(actors.userA.client),
        body,
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: '22003', details: expect.any(String), hint: null });
      expect(await readAsOwner(ctx.server, 'policies', { id: String(row.id) })).toBeNull();
    });

    it('REST refuses an overflowing number in a PATCH', async () => {
      const row = policy({ sum_insured: 500000 });
      expect((await actors.userA.client.from('policies').insert(row)).error).toBeNull();
      const res = await rawFetch(ctx.server, `/rest/v1/policies?id=eq.${String(row.id)}`, {
        method: 'PATCH',
        token: await token(actors.userA.client),
        body: '{"sum_insured":1e400}',
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: '22003' });
      const stored = await readAsOwner(ctx.server, 'policies', { id: String(row.id) });
      expect(Number(stored?.sum_insured)).toBe(500000);
    });

    it('sync_push refuses an overflowing number nested in its ops', async () => {
      const row = policy();
      const ops = JSON.stringify([{ op_id: uuid(), table: 'policies', kind: 'upsert', row }]);
      const body = `{"ops":${ops.replace(/}}]$/, ',"sum_insured":1e400}}]')}}`;
      expect(body).toContain('"sum_insured":1e400');
      const res = await rawFetch(ctx.server, '/rest/v1/rpc/sync_push', {
        method: 'POST',
        token: await token(actors.userA.client),
        body,
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: '22003' });
      expect(await readAsOwner(ctx.server, 'policies', { id: String(row.id) })).toBeNull();
    });

    it('keeps an exact amount exactly as sent', async () => {
      const row = policy();
      const body = JSON.stringify(row).replace(/}$/, ',"sum_insured":123456789012.34}');
      const res = await rawFetch(ctx.server, '/rest/v1/policies', {
        method: 'POST',
        token: await token(actors.userA.client),
        body,
      });
      expect(res.status).toBe(201);
      const stored = await ctx.server.query<{ s: string }>(
        `select sum_insured::text as s from policies where id = $1`,
        [String(row.id)],
      );
      expect(stored[0]?.s).toBe('123456789012.34');
    });
  },
);
