// Renewal reminders for shared policies (issue 18) from the one reminder job, on PGlite and
// PostgreSQL: a recipient who turned reminders on for a share gets the shared policy's
// reminders on their own devices beside the owner's; one who left them off (the default)
// gets none, and after a revoke nothing more arrives.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { startFakePushService } from './fake-push-service';
import type { FakeDevice, FakePushService } from './fake-push-service';
import { addPolicy, runJob, signUp, subscribe } from './fixtures';
import type { User } from './fixtures';

const TODAY = '2025-06-01';

forEachDatabase(
  'renewal reminders for shared policies',
  { reminders: { intervalMs: 0, allowHttpEndpoints: true } },
  (ctx) => {
    let push: FakePushService;
    let owner: User;
    let on: User;
    let off: User;
    let ownerPhone: FakeDevice;
    let onPhone: FakeDevice;
    let offPhone: FakeDevice;
    let shared: string;
    let notShared: string;
    let onShare: string;

    const tags = (device: FakeDevice): string[] =>
      push.payloadsFor(device).map((p) => (p as { tag: string }).tag);

    /** A share as accept_share_invitation leaves it (that path is tested in sharing/). */
    const addShare = async (recipient: User, policyId: string | null): Promise<string> => {
      const rows = await ctx.server.query<{ id: string }>(
        `insert into public.policy_shares (owner_id, recipient_id, policy_id, role)
         values ($1, $2, $3, 'viewer') returning id`,
        [owner.id, recipient.id, policyId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('share not stored');
      return id;
    };

    beforeAll(async () => {
      push = await startFakePushService();
      [owner, on, off] = await Promise.all([
        signUp(ctx, 'priya'),
        signUp(ctx, 'ravi'),
        signUp(ctx, 'meera'),
      ]);
      ownerPhone = push.device('priya-phone');
      onPhone = push.device('ravi-phone');
      offPhone = push.device('meera-phone');
      await subscribe(owner, ownerPhone);
      await subscribe(on, onPhone);
      await subscribe(off, offPhone);
      shared = await addPolicy(ctx, owner, {
        typeId: null,
        insurer: 'Star Health',
        premium: 18500,
        due: '2025-06-08',
      });
      notShared = await addPolicy(ctx, owner, { typeId: null, insurer: 'Acko', due: '2025-06-08' });
      onShare = await addShare(on, shared);
      await addShare(off, null);
      const { error } = await on.client.rpc('set_share_reminders', {
        p_share_id: onShare,
        p_enabled: true,
      });
      expect(error).toBeNull();
    });

    afterAll(async () => {
      await push.close();
    });

    it('reminds a recipient who turned reminders on, of the shared policy only, beside the owner', async () => {
      const result = await runJob(ctx, TODAY);
      expect(result).toMatchObject({ sent: 3, failed: 0, errors: 0 });
      expect(tags(ownerPhone).sort()).toEqual(
        [`${shared}:2025-06-08:7`, `${notShared}:2025-06-08:7`].sort(),
      );
      expect(push.payloadsFor(onPhone)).toEqual([
        expect.objectContaining({
          title: 'Star Health renews on 8 Jun — premium ₹18,500',
          tag: `${shared}:2025-06-08:7`,
        }),
      ]);
      // Reminders are off by default: an all-policies share alone sends nothing.
      expect(tags(offPhone)).toEqual([]);
      // Each person's reminder is their own: a second run sends nobody anything again.
      expect(await runJob(ctx, TODAY)).toMatchObject({ sent: 0 });
    });

    it('sends nothing more after the share is revoked', async () => {
      await ctx.server.query('delete from public.policy_shares where id = $1', [onShare]);
      const before = tags(onPhone).length;
      expect((await runJob(ctx, '2025-06-07')).sent).toBe(2);
      expect(tags(onPhone)).toHaveLength(before);
      expect(tags(ownerPhone)).toContain(`${shared}:2025-06-08:1`);
    });
  },
);
