// The private calendar feed (issue 19): the local server's route and the hosted Edge Function
// under Deno run the same handler (supabase/functions/_shared/calendar-feed.ts); both are
// checked here, on PGlite and PostgreSQL, as a calendar app would use them: no headers, the
// token in the address.
import crypto from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  FIRST_START_TIMEOUT_MS,
  startHostedFunction,
  type HostedFunction,
} from '../../helpers/edge-function';
import { clientFor, forEachDatabase, type SuiteContext } from '../../helpers/server';

interface User {
  id: string;
  client: SupabaseClient;
}

async function signUp(ctx: SuiteContext, label: string): Promise<User> {
  const client = clientFor(ctx.server, ctx.server.anonKey);
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'secret1' });
  if (error || !data.user) throw new Error(`sign up failed: ${error?.message}`);
  return { id: data.user.id, client };
}

async function regenerate(user: User): Promise<string> {
  const { data, error } = await user.client.rpc('regenerate_calendar_feed');
  if (error) throw new Error(error.message);
  if (typeof data !== 'string') throw new Error('no token');
  return data;
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

forEachDatabase(
  'calendar feed',
  { seedFile: 'supabase/seed.sql', siteUrl: 'https://bimaguide.example' },
  (ctx) => {
    let asha: User;
    let ravi: User;
    let fn: HostedFunction | undefined;

    const feed = (base: string, token: string, method = 'GET') =>
      fetch(`${base}/functions/v1/calendar-feed/${token}.ics`, { method });

    beforeAll(async () => {
      [asha, ravi] = await Promise.all([signUp(ctx, 'asha'), signUp(ctx, 'ravi')]);
      const service = ctx.service();
      const policy = (user: User, fields: Record<string, unknown>) => ({
        id: crypto.randomUUID(),
        user_id: user.id,
        policy_type_id: HEALTH,
        start_date: '2025-01-01',
        renewal_frequency: 'yearly',
        ...fields,
      });
      const { error } = await service.from('policies').insert([
        policy(asha, {
          insurer_name: 'Star Health',
          policy_number: 'SH-1',
          next_renewal_date: '2026-12-24',
          premium_amount: 18500,
        }),
        policy(asha, {
          insurer_name: 'Old Insurer',
          policy_number: 'OLD-1',
          next_renewal_date: '2026-12-01',
          deleted_at: new Date().toISOString(),
        }),
        policy(asha, {
          insurer_name: 'HDFC Ergo',
          policy_number: 'HE-1',
          next_renewal_date: '2027-01-31',
          renewal_frequency: 'monthly',
          policy_type_id: null,
        }),
        policy(ravi, {
          insurer_name: 'Ravi Insurer',
          policy_number: 'R-1',
          next_renewal_date: '2026-12-10',
        }),
      ]);
      if (error) throw new Error(error.message);
      const settings = await service
        .from('reminder_settings')
        .insert({ user_id: asha.id, thresholds: [14, 0] });
      if (settings.error) throw new Error(settings.error.message);
      fn = await startHostedFunction('calendar-feed', {
        SUPABASE_URL: ctx.server.url,
        SUPABASE_SERVICE_ROLE_KEY: ctx.server.serviceRoleKey,
        SITE_URL: 'https://bimaguide.example',
      });
    }, FIRST_START_TIMEOUT_MS);

    afterAll(async () => {
      await fn?.stop();
    });

    it('gives the owner a secret address that only they can read back', async () => {
      const token = await regenerate(asha);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const own = await asha.client.from('calendar_feeds').select('token');
      expect(own.data).toEqual([{ token }]);
      const other = await ravi.client.from('calendar_feeds').select('token');
      expect(other.data).toEqual([]);
      const anon = await ctx.anon().rpc('regenerate_calendar_feed');
      expect(anon.error).not.toBeNull();
      // Nobody chooses their own token, not even the owner.
      const forged = await asha.client
        .from('calendar_feeds')
        .update({ token: '0'.repeat(64) })
        .eq('user_id', asha.id)
        .select();
      expect(forged.data ?? []).toEqual([]);
      const still = await asha.client.from('calendar_feeds').select('token');
      expect(still.data).toEqual([{ token }]);
    });

    it("answers the owner's live policies as a valid calendar, locally and from the hosted function", async () => {
      const token = await regenerate(asha);
      const bases = [ctx.server.url, fn?.url ?? ''];
      const bodies: string[] = [];
      for (const base of bases) {
        const response = await feed(base, token);
        expect(response.status, `${base}: ${fn?.output() ?? ''}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('private, max-age=300');
        const text = await response.text();
        const found = events(text);
        expect(found.map((e) => e.summary).sort()).toEqual([
          'HDFC Ergo renewal',
          'Star Health Health renewal',
        ]);
        const star = found.find((e) => e.summary === 'Star Health Health renewal');
        expect(star?.startDate.toString()).toBe('2026-12-24');
        expect(star?.description).toMatch(
          /https:\/\/bimaguide\.example\/policy-tracker\/[0-9a-f-]{36}/,
        );
        // Asha's own reminder days, 14 and 0, are the alerts.
        expect(star?.component.getAllSubcomponents('valarm')).toHaveLength(2);
        const hdfc = found.find((e) => e.summary === 'HDFC Ergo renewal');
        expect(String(hdfc?.component.getFirstPropertyValue('rrule'))).toBe(
          'FREQ=MONTHLY;BYMONTHDAY=-1',
        );
        bodies.push(text.replace(/DTSTAMP:\S+/g, ''));
      }
      expect(bodies[0]).toBe(bodies[1]);
    });

    it('stops answering an old address once a new one is made, and any address once turned off', async () => {
      const old = await regenerate(asha);
      const fresh = await regenerate(asha);
      expect(fresh).not.toBe(old);
      for (const base of [ctx.server.url, fn?.url ?? '']) {
        expect((await feed(base, old)).status).toBe(404);
        expect((await feed(base, fresh)).status).toBe(200);
      }
      const off = await asha.client.from('calendar_feeds').delete().eq('user_id', asha.id);
      expect(off.error).toBeNull();
      expect((await feed(ctx.server.url, fresh)).status).toBe(404);
    });

    it("never shows one user's policies on another's address", async () => {
      const token = await regenerate(ravi);
      const response = await feed(ctx.server.url, token);
      const summaries = events(await response.text()).map((e) => e.summary);
      expect(summaries).toEqual(['Ravi Insurer Health renewal']);
    });

    it('answers 404 to anything that is not a token, and only GET and HEAD', async () => {
      const token = await regenerate(ravi);
      for (const bad of ['abc', token.toUpperCase(), `${token}0`, '..%2F..%2Fetc', `${token}%00`]) {
        expect((await feed(ctx.server.url, bad)).status, bad).toBe(404);
      }
      expect((await feed(ctx.server.url, token, 'POST')).status).toBe(405);
      const head = await feed(ctx.server.url, token, 'HEAD');
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    });
  },
);
