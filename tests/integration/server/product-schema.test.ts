import { expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';

// Boots the server the way `npm start` does (product migrations + seed) and checks the
// wiring between the server and the schema: seed applied once, admin registered behind
// is_admin(), embedding and security-definer RPCs reachable. The RLS matrix lives elsewhere.
forEachDatabase('server over the product schema', { seedFile: undefined }, (ctx) => {
  it('applies migrations once and seeds the fresh database', async () => {
    const migrations = await ctx.server.query<{ n: number }>(
      `select count(*)::int as n from supabase_migrations.schema_migrations`,
    );
    expect(migrations[0]?.n).toBeGreaterThan(0);
    const types = await ctx.anon().from('policy_types').select('name, icon').is('user_id', null);
    expect(types.error).toBeNull();
    expect(types.data?.length).toBeGreaterThanOrEqual(4);
  });

  it('registers the configured admin behind is_admin()', async () => {
    const admin = ctx.anon();
    const signIn = await admin.auth.signInWithPassword({
      email: 'admin@bimaguide.local',
      password: 'admin123',
    });
    expect(signIn.error).toBeNull();
    expect((await admin.rpc('is_admin')).data).toBe(true);
    const users = await admin.rpc('admin_list_users');
    expect(users.error).toBeNull();
    expect(Array.isArray(users.data)).toBe(true);

    const user = ctx.anon();
    await user.auth.signUp({ email: `plain-${Date.now()}@example.com`, password: 'secret1' });
    expect((await user.rpc('is_admin')).data).toBe(false);
    const denied = await user.rpc('admin_list_users');
    expect(denied.status).toBe(403);
  });

  it('lets a user save a policy and read it back with its type embedded', async () => {
    const user = ctx.anon();
    await user.auth.signUp({ email: `tracker-${Date.now()}@example.com`, password: 'secret1' });
    const type = await user.from('policy_types').select('id').is('user_id', null).limit(1).single();
    expect(type.error).toBeNull();
    const saved = await user
      .from('policies')
      .insert({
        policy_type_id: type.data?.id,
        insurer_name: 'Star Health',
        policy_number: 'SH-1',
        start_date: '2025-01-01',
        next_renewal_date: '2026-01-01',
      })
      .select()
      .single();
    expect(saved.error).toBeNull();
    const list = await user
      .from('policies')
      .select('*, policy_types(name, icon)')
      .order('next_renewal_date', { ascending: true });
    expect(list.error).toBeNull();
    expect(list.data?.[0]?.policy_types).toMatchObject({ name: expect.any(String) });
  });
});
