// Rules beyond the matrix: ownership can't be forged or moved, tombstones, the spec's own
// data calls (spec §7) working under RLS, the admin functions, and the seed.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { pushKeys } from '../../helpers/push-keys';
import { forEachDatabase } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, uuid } from './actors';
import type { Actors } from './actors';
import { GLOBAL_TYPES, insertAsOwner, readAsOwner, seedPolicyWithMember } from './fixtures';

const policyFields = {
  policy_type_id: GLOBAL_TYPES.term,
  insurer_name: 'HDFC Life',
  policy_number: 'T-1',
  start_date: '2024-04-01',
  next_renewal_date: '2025-04-01',
};

forEachDatabase(
  'RLS rules',
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

    it('seeds the four global types with fixed ids, and news, glossary and FAQs', async () => {
      const { data: types } = await actors.anon.client
        .from('policy_types')
        .select('id, name, icon, user_id')
        .order('name');
      expect(types).toEqual([
        { id: GLOBAL_TYPES.health, name: 'Health', icon: 'HeartPulse', user_id: null },
        { id: GLOBAL_TYPES.term, name: 'Term', icon: 'Umbrella', user_id: null },
        { id: GLOBAL_TYPES.ulip, name: 'ULIP', icon: 'TrendingUp', user_id: null },
        { id: GLOBAL_TYPES.vehicle, name: 'Vehicle', icon: 'Car', user_id: null },
      ]);
      const news = await actors.anon.client.from('news').select('slug', { count: 'exact' });
      const glossary = await actors.anon.client.from('glossary').select('slug', { count: 'exact' });
      const faqs = await actors.anon.client
        .from('faqs')
        .select('question')
        .order('created_at', { ascending: false });
      expect(news.count).toBeGreaterThanOrEqual(4);
      expect(glossary.count).toBeGreaterThanOrEqual(15);
      expect(faqs.data?.length).toBeGreaterThanOrEqual(10);
      expect(faqs.data?.[0]?.question).toBe('What is Bima Sugam?');
      const term = await actors.anon.client
        .from('glossary')
        .select('term, definition')
        .eq('slug', 'idv')
        .single();
      expect(term.data?.term).toBe('Insured Declared Value (IDV)');
    });

    it('fills user_id from the session and refuses someone else’s or a moved one', async () => {
      const a = actors.userA.client;
      const inserted = await a.from('policies').insert(policyFields).select().single();
      expect(inserted.error).toBeNull();
      expect(inserted.data?.user_id).toBe(idOf(actors.userA));

      const forged = await a
        .from('policies')
        .insert({ ...policyFields, user_id: idOf(actors.userB) });
      expect(forged.error?.code).toBe('42501');

      const id = String(inserted.data?.id);
      const moved = await a
        .from('policies')
        .update({ user_id: idOf(actors.userB) })
        .eq('id', id);
      expect(moved.error?.code).toBe('42501');
      expect((await readAsOwner(ctx.server, 'policies', { id }))?.user_id).toBe(idOf(actors.userA));
    });

    it('lets a policy use a global or own type, never another user’s type', async () => {
      const bType = await actors.userB.client
        .from('policy_types')
        .insert({ name: 'Gadget', icon: 'Smartphone', user_id: idOf(actors.userB) })
        .select()
        .single();
      expect(bType.error).toBeNull();
      const aType = await actors.userA.client
        .from('policy_types')
        .insert({ name: 'Pet', icon: 'Dog', user_id: idOf(actors.userA) })
        .select()
        .single();
      const own = await actors.userA.client
        .from('policies')
        .insert({ ...policyFields, policy_type_id: aType.data?.id });
      expect(own.error).toBeNull();
      const foreign = await actors.userA.client
        .from('policies')
        .insert({ ...policyFields, policy_type_id: bType.data?.id });
      expect(foreign.error?.code).toBe('42501');
      // Users see global types plus their own, never each other's.
      const seen = await actors.userA.client.from('policy_types').select('name');
      const names = (seen.data ?? []).map((t) => t.name);
      expect(names).toContain('Pet');
      expect(names).toContain('Health');
      expect(names).not.toContain('Gadget');
      // Users cannot turn their own type into a global one.
      const globalise = await actors.userA.client
        .from('policy_types')
        .update({ user_id: null })
        .eq('id', String(aType.data?.id));
      expect(globalise.error?.code).toBe('42501');
    });

    it('runs the dashboard query with the joined type name and icon', async () => {
      await seedPolicyWithMember(ctx.server, idOf(actors.userB));
      const { data, error } = await actors.userB.client
        .from('policies')
        .select('*, policy_types(name, icon)')
        .eq('user_id', idOf(actors.userB))
        .order('next_renewal_date', { ascending: true });
      expect(error).toBeNull();
      expect(data?.[0]?.policy_types).toEqual({ name: 'Health', icon: 'HeartPulse' });
    });

    it('saves members the way the spec does: delete links, upsert people by name, link again', async () => {
      const a = actors.userA.client;
      const policy = await a.from('policies').insert(policyFields).select('id').single();
      const policyId = String(policy.data?.id);
      const save = async (members: { name: string; relationship: string }[]) => {
        const del = await a.from('policy_members').delete().eq('policy_id', policyId);
        expect(del.error).toBeNull();
        const people = await a
          .from('people')
          .upsert(
            members.map((m) => ({ ...m, user_id: idOf(actors.userA) })),
            { onConflict: 'user_id,name' },
          )
          .select('id, name');
        expect(people.error).toBeNull();
        const links = await a
          .from('policy_members')
          .insert((people.data ?? []).map((p) => ({ policy_id: policyId, person_id: p.id })));
        expect(links.error).toBeNull();
      };
      await save([
        { name: 'Priya', relationship: 'Spouse' },
        { name: 'Aarav', relationship: 'Son' },
      ]);
      // Saving again with the same people (one relationship edited) must not collide with
      // the tombstones the first delete left behind.
      await save([
        { name: 'Priya', relationship: 'Wife' },
        { name: 'Aarav', relationship: 'Son' },
      ]);
      const { data } = await a
        .from('policy_members')
        .select('person_id, people(name, relationship)')
        .eq('policy_id', policyId)
        .is('deleted_at', null);
      const live = (data ?? []).map((m) => m.people).sort();
      expect(live).toHaveLength(2);
      expect(live).toContainEqual({ name: 'Priya', relationship: 'Wife' });
    });

    it('keeps tombstones readable by the owner and hidden from the admin', async () => {
      const { policyId, personId } = await seedPolicyWithMember(ctx.server, idOf(actors.userA));
      const adminDelete = await actors.admin.client.from('policies').delete().eq('id', policyId);
      expect(adminDelete.error).toBeNull();

      const owner = await actors.userA.client
        .from('policies')
        .select('id, deleted_at')
        .eq('id', policyId)
        .single();
      expect(owner.data?.deleted_at).not.toBeNull();
      const admin = await actors.admin.client.from('policies').select('id').eq('id', policyId);
      expect(admin.data).toEqual([]);
      // The policy's member links are tombstoned with it, so every device drops them too.
      const link = await readAsOwner(ctx.server, 'policy_members', {
        policy_id: policyId,
        person_id: personId,
      });
      expect(link?.deleted_at).not.toBeNull();
      const pulled = await actors.userA.client.rpc('sync_pull', { since: 0, max: 5000 });
      const changes = (pulled.data as { changes: { row: { id?: string; deleted_at: unknown } }[] })
        .changes;
      expect(changes.find((c) => c.row.id === policyId)?.row.deleted_at).not.toBeNull();
    });

    it('deleting a global type keeps users’ policies, without a type', async () => {
      const type = await insertAsOwner(ctx.server, 'policy_types', {
        id: uuid(),
        name: `Travel ${uuid().slice(0, 6)}`,
        icon: 'Plane',
        user_id: null,
      });
      const policy = await insertAsOwner(ctx.server, 'policies', {
        ...policyFields,
        id: uuid(),
        user_id: idOf(actors.userB),
        policy_type_id: String(type.id),
      });
      const before = Number(policy.server_seq);
      const del = await actors.admin.client.from('policy_types').delete().eq('id', String(type.id));
      expect(del.error).toBeNull();
      expect(await readAsOwner(ctx.server, 'policy_types', { id: String(type.id) })).toBeNull();
      const after = await readAsOwner(ctx.server, 'policies', { id: String(policy.id) });
      expect(after?.policy_type_id).toBeNull();
      // The change reaches the owner's devices through the sync cursor.
      expect(Number(after?.server_seq)).toBeGreaterThan(before);
    });

    it('lists users for the admin only, without admin accounts', async () => {
      const list = await actors.admin.client.rpc('admin_list_users');
      expect(list.error).toBeNull();
      const rows = list.data as { id: string; email: string; created_at: string }[];
      const emails = rows.map((u) => u.email);
      expect(emails).toContain(actors.userA.email);
      expect(emails).toContain(actors.userB.email);
      expect(emails).not.toContain(ADMIN_EMAIL);
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'last_sign_in_at',
      ]);

      const one = await actors.admin.client
        .rpc('admin_get_user', { user_id: idOf(actors.userA) })
        .single();
      expect(one.data).toMatchObject({ id: idOf(actors.userA), email: actors.userA.email });
      const counts = await actors.admin.client.rpc('admin_policy_counts');
      expect(counts.error).toBeNull();

      for (const fn of ['admin_list_users', 'admin_policy_counts'] as const) {
        const asUser = await actors.userA.client.rpc(fn);
        expect(asUser.error?.code, fn).toBe('42501');
        const asAnon = await actors.anon.client.rpc(fn);
        expect(asAnon.error?.code, fn).toBe('42501');
      }
      const peek = await actors.userB.client.rpc('admin_get_user', { user_id: idOf(actors.userA) });
      expect(peek.error?.code).toBe('42501');
    });

    it('answers is_admin() from the signed-in email, case-insensitively', async () => {
      expect((await actors.admin.client.rpc('is_admin')).data).toBe(true);
      expect((await actors.userA.client.rpc('is_admin')).data).toBe(false);
      expect((await actors.anon.client.rpc('is_admin')).data).toBe(false);
      const upper = ctx.anon();
      await upper.auth.signInWithPassword({
        email: ADMIN_EMAIL.toUpperCase(),
        password: ADMIN_PASSWORD,
      });
      expect((await upper.rpc('is_admin')).data).toBe(true);
    });

    it('hands a browser’s push endpoint to whoever subscribes last', async () => {
      const endpoint = `https://push.example.com/${uuid()}`;
      const [keysA, keysB] = [pushKeys(), pushKeys()];
      const a = await actors.userA.client.rpc('save_push_subscription', { endpoint, ...keysA });
      expect(a.error).toBeNull();
      const b = await actors.userB.client.rpc('save_push_subscription', { endpoint, ...keysB });
      expect(b.error).toBeNull();
      const stored = await readAsOwner(ctx.server, 'push_subscriptions', { endpoint });
      expect(stored).toMatchObject({ user_id: idOf(actors.userB), p256dh: keysB.p256dh });
      const aSees = await actors.userA.client.from('push_subscriptions').select('id');
      expect(aSees.data).toEqual([]);
      const anon = await actors.anon.client.rpc('save_push_subscription', {
        endpoint,
        p256dh: 'x',
        auth: 'y',
      });
      expect(anon.error?.code).toBe('42501');
    });

    it('lets anyone leave a callback but nobody but the admin read it back', async () => {
      const sent = await actors.anon.client
        .from('callbacks')
        .insert({ name: 'Ravi', phone: '9876543210', city: 'Kolkata', product: 'Term Insurance' });
      expect(sent.error).toBeNull();
      const readBack = await actors.anon.client.from('callbacks').select('*');
      expect(readBack.error?.code).toBe('42501');
      const asUser = await actors.userA.client.from('callbacks').select('*');
      expect(asUser.data).toEqual([]);
      const asAdmin = await actors.admin.client
        .from('callbacks')
        .select('name, product')
        .order('created_at', { ascending: false })
        .limit(1);
      expect(asAdmin.data).toEqual([{ name: 'Ravi', product: 'Term Insurance' }]);
      const badProduct = await actors.anon.client
        .from('callbacks')
        .insert({ name: 'X', phone: '9876543210', city: 'Y', product: 'Life' });
      expect(badProduct.error?.code).toBe('23514');
    });
  },
);
