// The admin screens' own API calls (src/features/admin/api), run through supabase-js against
// the local server as a signed-in ordinary user and as the admin: every one is refused for
// the user by the database (RLS or a definer check), not only hidden by the route guard.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { forEachDatabase } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, uuid } from '../rls/actors';
import type { Actor, Actors } from '../rls/actors';
import { GLOBAL_TYPES, insertAsOwner, readAsOwner } from '../rls/fixtures';
import type { ApiResult } from '../../../src/features/admin/api/call';
import { countPoliciesUsingType } from '../../../src/features/admin/api/count-policies-using-type';
import { deleteCallbacks } from '../../../src/features/admin/api/delete-callbacks';
import { deleteUserPolicy } from '../../../src/features/admin/api/delete-user-policy';
import { fetchCallbacks } from '../../../src/features/admin/api/fetch-callbacks';
import { fetchDashboardCounts } from '../../../src/features/admin/api/fetch-dashboard-counts';
import { fetchUser } from '../../../src/features/admin/api/fetch-user';
import { fetchUserPolicies } from '../../../src/features/admin/api/fetch-user-policies';
import { searchUsers } from '../../../src/features/admin/api/search-users';
import { faqsResource } from '../../../src/features/admin/resources/faqs';
import { glossaryResource } from '../../../src/features/admin/resources/glossary';
import { newsResource } from '../../../src/features/admin/resources/news';
import { policyTypesResource } from '../../../src/features/admin/resources/policy-types';
// The admin changes their password with the same call as every account.
import { updatePassword } from '../../../src/features/auth/auth-api';

// The content resources' calls, as their descriptions make them (contentApi).
const newsApi = newsResource.api;
const glossaryApi = glossaryResource.api;
const faqsApi = faqsResource.api;
const typesApi = policyTypesResource.api;

// The feature's calls take the one app client from getSupabase(); here it is whichever
// actor's client the test is acting as.
const acting = vi.hoisted(() => ({ client: null as SupabaseClient | null }));
vi.mock('@/lib/supabase', () => ({
  getSupabase: async () => {
    if (!acting.client) throw new Error('no actor selected');
    return acting.client;
  },
}));

// Files share their worker's modules (isolate: false): the next file meets the real module,
// and the admin API modules loaded against this stand-in are loaded again.
afterAll(() => {
  vi.doUnmock('@/lib/supabase');
  vi.resetModules();
});

function as(actor: Actor): void {
  acting.client = actor.client;
}

function ok<T>(result: ApiResult<T>): T {
  if (!result.ok)
    throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.data;
}

function refused(result: ApiResult<unknown>): { code: string | null; message: string } {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return result.error;
}

const suffix = () => uuid().slice(0, 8);

forEachDatabase(
  'Admin API',
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

    describe('callbacks', () => {
      it('a signed-in user reads none and deletes none; the admin reads newest first and bulk-deletes', async () => {
        const ids: string[] = [];
        for (const name of ['Older Lead', 'Newer Lead']) {
          const row = await insertAsOwner(ctx.server, 'callbacks', {
            id: uuid(),
            name,
            phone: '+91 98300 12345',
            city: 'Kolkata',
            product: 'Term Insurance',
            created_at: name === 'Older Lead' ? '2025-01-01T10:00:00Z' : '2025-06-01T10:00:00Z',
          });
          ids.push(String(row.id));
        }
        // The public form's insert works for anyone.
        const anonInsert = await actors.anon.client
          .from('callbacks')
          .insert({ name: 'Visitor', phone: '9830012345', city: 'Pune', product: 'Other' });
        expect(anonInsert.error).toBeNull();

        as(actors.userA);
        expect(ok(await fetchCallbacks())).toEqual([]);
        expect(ok(await deleteCallbacks(ids))).toBe(0);
        for (const id of ids)
          expect(await readAsOwner(ctx.server, 'callbacks', { id })).not.toBeNull();

        // Visitors have no read or delete privilege on the table at all.
        as(actors.anon);
        expect(refused(await fetchCallbacks()).code).toBe('42501');
        expect(refused(await deleteCallbacks(ids)).code).toBe('42501');

        as(actors.admin);
        const all = ok(await fetchCallbacks());
        const names = all.map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(['Older Lead', 'Newer Lead', 'Visitor']));
        expect(names.indexOf('Newer Lead')).toBeLessThan(names.indexOf('Older Lead'));
        expect(ok(await deleteCallbacks(ids))).toBe(2);
        for (const id of ids) expect(await readAsOwner(ctx.server, 'callbacks', { id })).toBeNull();
      });
    });

    describe('news, glossary and FAQs', () => {
      it('news: a user cannot create, update or delete; the admin can, and slugs stay unique', async () => {
        const slug = `admin-news-${suffix()}`;
        const values = { title: 'Admin News', slug, excerpt: null, content: 'Body' };

        as(actors.userA);
        expect(refused(await newsApi.create(values)).code).toBe('42501');

        as(actors.admin);
        const created = ok(await newsApi.create(values));
        expect(created.slug).toBe(slug);
        expect(ok(await newsApi.get(created.id)).title).toBe('Admin News');
        expect(ok(await newsApi.list()).map((n) => n.id)).toContain(created.id);
        const dup = refused(await newsApi.create({ ...values, title: 'Another' }));
        expect(dup.code).toBe('23505');

        as(actors.userA);
        refused(await newsApi.update(created.id, { ...values, title: 'Hijacked' }));
        refused(await newsApi.remove(created.id));
        expect((await readAsOwner(ctx.server, 'news', { id: created.id }))?.title).toBe(
          'Admin News',
        );

        as(actors.admin);
        const updated = ok(await newsApi.update(created.id, { ...values, title: 'Edited' }));
        expect(updated).toMatchObject({ title: 'Edited', slug });
        ok(await newsApi.remove(created.id));
        expect(await readAsOwner(ctx.server, 'news', { id: created.id })).toBeNull();
        expect(refused(await newsApi.get(created.id)).code).toBe('PGRST116');
      });

      it('glossary: a user cannot create, update or delete; the admin can', async () => {
        const slug = `admin-term-${suffix()}`;
        const values = { term: 'Admin Term', slug, definition: 'Meaning', context: null };

        as(actors.userA);
        expect(refused(await glossaryApi.create(values)).code).toBe('42501');

        as(actors.admin);
        const created = ok(await glossaryApi.create(values));
        expect(ok(await glossaryApi.get(created.id)).term).toBe('Admin Term');
        expect(refused(await glossaryApi.create({ ...values, term: 'Other' })).code).toBe('23505');
        const terms = ok(await glossaryApi.list()).map((t) => t.term);
        expect(terms).toEqual([...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

        as(actors.userA);
        refused(await glossaryApi.update(created.id, { ...values, definition: 'Changed' }));
        refused(await glossaryApi.remove(created.id));
        expect((await readAsOwner(ctx.server, 'glossary', { id: created.id }))?.definition).toBe(
          'Meaning',
        );

        as(actors.admin);
        ok(await glossaryApi.update(created.id, { ...values, context: 'In a claim' }));
        expect(ok(await glossaryApi.get(created.id)).context).toBe('In a claim');
        ok(await glossaryApi.remove(created.id));
        expect(await readAsOwner(ctx.server, 'glossary', { id: created.id })).toBeNull();
      });

      it('FAQs: a user cannot create, update or delete; the admin can', async () => {
        const values = { question: `Admin question ${suffix()}?`, answer: 'Answer' };

        as(actors.userB);
        expect(refused(await faqsApi.create(values)).code).toBe('42501');

        as(actors.admin);
        const created = ok(await faqsApi.create(values));
        expect(ok(await faqsApi.list())[0]?.id).toBe(created.id);

        as(actors.userB);
        refused(await faqsApi.update(created.id, { ...values, answer: 'Changed' }));
        refused(await faqsApi.remove(created.id));
        expect((await readAsOwner(ctx.server, 'faqs', { id: created.id }))?.answer).toBe('Answer');

        as(actors.admin);
        ok(await faqsApi.update(created.id, { ...values, answer: 'Better answer' }));
        expect(ok(await faqsApi.get(created.id)).answer).toBe('Better answer');
        ok(await faqsApi.remove(created.id));
        expect(await readAsOwner(ctx.server, 'faqs', { id: created.id })).toBeNull();
      });
    });

    describe('policy types', () => {
      it('a user cannot manage global types; the admin can, and sees only global ones listed', async () => {
        const name = `Travel ${suffix()}`;

        as(actors.userA);
        expect(refused(await typesApi.create({ name, icon: 'Plane' })).code).toBe('42501');
        // A user's own custom type exists too, but never shows in the admin's list.
        const own = await actors.userA.client
          .from('policy_types')
          .insert({ name: `Pet ${suffix()}`, icon: 'Dog', user_id: idOf(actors.userA) })
          .select('id')
          .single();
        expect(own.error).toBeNull();

        as(actors.admin);
        const created = ok(await typesApi.create({ name, icon: 'Plane' }));
        expect(created.user_id).toBeNull();
        expect(refused(await typesApi.create({ name: name.toUpperCase(), icon: null })).code).toBe(
          '23505',
        );
        const listed = ok(await typesApi.list());
        expect(listed.map((t) => t.id)).toContain(created.id);
        expect(listed.map((t) => t.id)).not.toContain(own.data?.id);
        expect(listed.every((t) => t.user_id === null)).toBe(true);
        expect(listed.map((t) => t.name)).toEqual(
          [...listed.map((t) => t.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        );
        // The admin cannot edit a user's own type through the admin calls.
        refused(await typesApi.update(String(own.data?.id), { name: 'Taken', icon: null }));
        refused(await typesApi.get(String(own.data?.id)));

        as(actors.userA);
        refused(await typesApi.update(created.id, { name: 'Hijacked', icon: null }));
        refused(await typesApi.remove(created.id));
        expect((await readAsOwner(ctx.server, 'policy_types', { id: created.id }))?.name).toBe(
          name,
        );

        as(actors.admin);
        const edited = ok(
          await typesApi.update(created.id, { name: `${name} Plus`, icon: 'PlaneTakeoff' }),
        );
        expect(edited).toMatchObject({ name: `${name} Plus`, icon: 'PlaneTakeoff' });
      });

      it('deleting a type in use keeps the policies, counted first and then shown without a type', async () => {
        as(actors.admin);
        const type = ok(await typesApi.create({ name: `Gadget ${suffix()}`, icon: 'Smartphone' }));
        const policy = await insertAsOwner(ctx.server, 'policies', {
          id: uuid(),
          user_id: idOf(actors.userB),
          policy_type_id: type.id,
          insurer_name: 'Bajaj Allianz',
          policy_number: `GD-${suffix()}`,
          start_date: '2025-01-01',
          next_renewal_date: '2026-01-01',
        });
        const policyId = String(policy.id);

        // An ordinary user only counts their own policies: nobody else's usage leaks.
        as(actors.userA);
        expect(ok(await countPoliciesUsingType(type.id))).toBe(0);

        as(actors.admin);
        expect(ok(await countPoliciesUsingType(type.id))).toBe(1);
        ok(await typesApi.remove(type.id));
        expect(await readAsOwner(ctx.server, 'policy_types', { id: type.id })).toBeNull();
        const kept = await readAsOwner(ctx.server, 'policies', { id: policyId });
        expect(kept).toMatchObject({ policy_type_id: null, deleted_at: null });
        const shown = ok(await fetchUserPolicies(idOf(actors.userB))).find(
          (p) => p.id === policyId,
        );
        expect(shown?.policy_type).toBeNull();
      });
    });

    describe('users and their policies', () => {
      it('user listing, one account and the dashboard counts are refused to users and visitors', async () => {
        for (const actor of [actors.userA, actors.anon]) {
          as(actor);
          expect(refused(await searchUsers({ search: '', limit: 25, offset: 0 })).code).toBe(
            '42501',
          );
          expect(refused(await fetchUser(idOf(actors.userB))).code).toBe('42501');
          expect(refused(await fetchDashboardCounts()).code).toBe('42501');
        }
      });

      it('the admin searches by email, pages, and never sees the admin account', async () => {
        as(actors.admin);
        const everyone = ok(await searchUsers({ search: '', limit: 100, offset: 0 }));
        const emails = everyone.users.map((u) => u.email);
        expect(emails).toEqual(expect.arrayContaining([actors.userA.email, actors.userB.email]));
        expect(emails).not.toContain(ADMIN_EMAIL);
        expect(everyone.total).toBe(everyone.users.length);

        const first = ok(await searchUsers({ search: '', limit: 1, offset: 0 }));
        const second = ok(await searchUsers({ search: '', limit: 1, offset: 1 }));
        expect(first.users).toHaveLength(1);
        expect(first.total).toBe(everyone.total);
        expect(second.users[0]?.id).not.toBe(first.users[0]?.id);

        const fragment = String(actors.userA.email).split('@')[0]?.toUpperCase() ?? '';
        const found = ok(await searchUsers({ search: fragment, limit: 25, offset: 0 }));
        expect(found.users.map((u) => u.email)).toEqual([actors.userA.email]);
        expect(found.total).toBe(1);
        // Wildcards are matched literally, not as LIKE patterns.
        expect(ok(await searchUsers({ search: '%', limit: 25, offset: 0 })).total).toBe(0);
        expect(
          ok(await searchUsers({ search: 'admin@bimaguide', limit: 25, offset: 0 })).users,
        ).toEqual([]);

        const one = ok(await fetchUser(idOf(actors.userA)));
        expect(one).toMatchObject({ id: idOf(actors.userA), email: actors.userA.email });
        expect(refused(await fetchUser(uuid())).code).toBe('PGRST116');

        const counts = ok(await fetchDashboardCounts());
        expect(counts.users).toBe(everyone.total);
        const { count: newsCount } = await actors.anon.client
          .from('news')
          .select('id', { count: 'exact', head: true });
        expect(counts.news).toBe(newsCount);
        expect(counts.policy_types).toBe(ok(await typesApi.list()).length);
      });

      it('another user can neither list nor delete a user’s policies; the admin tombstones one', async () => {
        const policy = await insertAsOwner(ctx.server, 'policies', {
          id: uuid(),
          user_id: idOf(actors.userA),
          policy_type_id: GLOBAL_TYPES.health,
          insurer_name: 'Star Health',
          policy_number: `SH-${suffix()}`,
          start_date: '2025-01-01',
          next_renewal_date: '2026-01-01',
        });
        const policyId = String(policy.id);
        const seqBefore = Number(policy.server_seq);

        as(actors.userB);
        expect(ok(await fetchUserPolicies(idOf(actors.userA)))).toEqual([]);
        ok(await deleteUserPolicy(policyId));
        expect(
          (await readAsOwner(ctx.server, 'policies', { id: policyId }))?.deleted_at,
        ).toBeNull();

        as(actors.admin);
        const listed = ok(await fetchUserPolicies(idOf(actors.userA)));
        expect(listed.find((p) => p.id === policyId)).toMatchObject({
          insurer_name: 'Star Health',
          policy_type: { name: 'Health' },
          next_renewal_date: '2026-01-01',
        });
        ok(await deleteUserPolicy(policyId));
        const after = await readAsOwner(ctx.server, 'policies', { id: policyId });
        expect(after?.deleted_at).not.toBeNull();
        expect(Number(after?.server_seq)).toBeGreaterThan(seqBefore);
        expect(ok(await fetchUserPolicies(idOf(actors.userA))).map((p) => p.id)).not.toContain(
          policyId,
        );

        // The owner's next pull carries the tombstone to their devices.
        const pulled = await actors.userA.client.rpc('sync_pull', { since: 0, max: 5000 });
        expect(pulled.error).toBeNull();
        const changes = (
          pulled.data as { changes: { row: { id?: string; deleted_at: unknown } }[] }
        ).changes;
        expect(changes.find((c) => c.row.id === policyId)?.row.deleted_at).not.toBeNull();
      });
    });

    describe('password', () => {
      it('the admin changes their own password and signs in with it', async () => {
        as(actors.admin);
        expect((await updatePassword('a-brand-new-secret')).error).toBeNull();
        const fresh = ctx.anon();
        const signIn = await fresh.auth.signInWithPassword({
          email: ADMIN_EMAIL,
          password: 'a-brand-new-secret',
        });
        expect(signIn.error).toBeNull();
        expect((await updatePassword(ADMIN_PASSWORD)).error).toBeNull();
      });
    });
  },
);
