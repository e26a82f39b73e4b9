// Mark Renewed on the server (sync_push's renew, public.next_renewal_after) lands on the dates
// the app's rule gives (nextRenewalAfter, src/domain/policy/renewal.ts), which the calendar
// file repeats on: month ends and every frequency, on PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextRenewalAfter, type RenewalFrequency } from '../../../src/domain/policy';
import type { SyncOp } from '../../../src/domain/schemas';
import { forEachDatabase } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, uuid, type Actors } from '../rls/actors';
import { newPolicy, push, upsertOp } from '../storage/fixtures';

const serverOptions = {
  adminEmail: ADMIN_EMAIL,
  adminPassword: ADMIN_PASSWORD,
  seedFile: path.resolve('supabase/seed.sql'),
};

const FREQUENCIES: RenewalFrequency[] = ['monthly', '6-monthly', 'yearly', '3-yearly'];

/** [start date, next renewal date]: month ends, leap days, and renewals not on the start's day. */
const SCHEDULES: [string, string][] = [
  ['2026-01-31', '2026-01-31'],
  ['2026-01-30', '2026-01-30'],
  ['2026-01-29', '2026-01-29'],
  ['2026-08-31', '2026-08-31'],
  ['2028-02-29', '2028-02-29'],
  ['2025-01-31', '2026-04-30'],
  ['2025-11-24', '2026-11-24'],
  ['2025-01-15', '2026-01-31'],
  ['2024-03-31', '2026-02-28'],
];

const RENEWALS = 8;

forEachDatabase('renewal dates', serverOptions, (ctx) => {
  let actors: Actors;
  beforeAll(async () => {
    actors = await createActors(ctx);
  });

  describe('sync_push renew', () => {
    it.each(FREQUENCIES)(
      'moves a %s policy to the date the app renews it to, every time',
      async (frequency) => {
        const ops: SyncOp[] = [];
        const expected: string[] = [];
        for (const [start, next] of SCHEDULES) {
          const policy = newPolicy({
            start_date: start,
            next_renewal_date: next,
            renewal_frequency: frequency,
          });
          ops.push(upsertOp('policies', policy));
          let date = next;
          for (let i = 0; i < RENEWALS; i += 1) {
            ops.push({
              op_id: uuid(),
              table: 'policies',
              kind: 'renew',
              id: String(policy.id),
              renewed_from: date,
            });
            date = nextRenewalAfter({
              start_date: start,
              next_renewal_date: date,
              renewal_frequency: frequency,
            });
            expected.push(`${start} ${next}: ${date}`);
          }
        }
        const results = await push(actors.userA.client, ops);
        const renewed = results.flatMap((result, i) => {
          const op = ops[i];
          if (op?.kind !== 'renew') return [];
          const schedule = SCHEDULES[Math.floor(i / (RENEWALS + 1))] ?? [];
          // A renewal from a date the server no longer has would be answered already_renewed.
          return [
            `${schedule.join(' ')}: ${result.status === 'applied' && result.code === null ? String(result.row?.next_renewal_date) : `${result.status} ${result.code}`}`,
          ];
        });
        expect(renewed).toEqual(expected);
      },
    );

    it('a monthly policy started on 31 Jan keeps to the month’s end', async () => {
      const policy = newPolicy({
        start_date: '2026-01-31',
        next_renewal_date: '2026-01-31',
        renewal_frequency: 'monthly',
      });
      const renew = (from: string): SyncOp => ({
        op_id: uuid(),
        table: 'policies',
        kind: 'renew',
        id: String(policy.id),
        renewed_from: from,
      });
      const results = await push(actors.userA.client, [
        upsertOp('policies', policy),
        renew('2026-01-31'),
        renew('2026-02-28'),
        renew('2026-03-31'),
      ]);
      expect(results.slice(1).map((r) => r.row?.next_renewal_date)).toEqual([
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
      ]);
    });
  });
});
