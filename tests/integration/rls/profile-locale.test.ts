// Issue 21: the chosen language on the user's settings row. The row's RLS is unchanged, so a
// user sets and reads only their own language; the column takes only the app's languages.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf, type Actors } from './actors';

forEachDatabase(
  'profile language',
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

    it('saves a user their language as the app does, keeping their reminder days', async () => {
      const { client } = actors.userA;
      const userId = idOf(actors.userA);
      const days = await client
        .from('reminder_settings')
        .upsert({ user_id: userId, thresholds: [14, 1] });
      expect(days.error).toBeNull();
      const saved = await client
        .from('reminder_settings')
        .upsert({ user_id: userId, locale: 'hi' }, { onConflict: 'user_id' });
      expect(saved.error).toBeNull();
      const row = await client
        .from('reminder_settings')
        .select('locale, thresholds')
        .eq('user_id', userId)
        .single();
      expect(row.data).toEqual({ locale: 'hi', thresholds: [14, 1] });
    });

    it('starts in English for a row made before a language was chosen', async () => {
      const { client } = actors.userB;
      const userId = idOf(actors.userB);
      await client.from('reminder_settings').upsert({ user_id: userId, thresholds: [7] });
      const row = await client
        .from('reminder_settings')
        .select('locale')
        .eq('user_id', userId)
        .single();
      expect(row.data).toEqual({ locale: 'en' });
    });

    it("refuses another user's row and a language the app does not have", async () => {
      const other = await actors.userB.client
        .from('reminder_settings')
        .update({ locale: 'en' })
        .eq('user_id', idOf(actors.userA))
        .select();
      expect(other.data).toEqual([]);
      const read = await actors.userB.client
        .from('reminder_settings')
        .select('locale')
        .eq('user_id', idOf(actors.userA));
      expect(read.data).toEqual([]);
      const unknown = await actors.userA.client
        .from('reminder_settings')
        .update({ locale: 'fr' })
        .eq('user_id', idOf(actors.userA));
      expect(unknown.error?.code).toBe('23514');
      const anon = await actors.anon.client.from('reminder_settings').select('locale');
      expect(anon.data ?? []).toEqual([]);
      const mine = await actors.userA.client
        .from('reminder_settings')
        .select('locale')
        .eq('user_id', idOf(actors.userA))
        .single();
      expect(mine.data).toEqual({ locale: 'hi' });
    });
  },
);
