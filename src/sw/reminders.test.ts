import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { TrackerDb, type PolicyRecord } from '@/db/tracker-db';
import { REMINDER_SETTINGS_META_KEY } from '@/domain/policy/reminder-settings';
import { OPEN_REMINDER_MESSAGE } from './constants';
import {
  claimReminderKeys,
  setActiveUser,
  setReminderLocale,
  withReminderStore,
} from './reminder-store';
import {
  handlePushPayload,
  notificationTargetUrl,
  openReminderTarget,
  runPeriodicReminders,
  type ClientsLike,
  type NotificationSink,
  type WindowLike,
} from './reminders';

const TODAY = '2025-06-01';
const HEALTH = 'type-health';

function policy(id: string, due: string, extra: Partial<PolicyRecord> = {}): PolicyRecord {
  return {
    id,
    user_id: 'u1',
    policy_type_id: HEALTH,
    insurer_name: `Insurer ${id}`,
    policy_number: `PN-${id}`,
    product_name: null,
    start_date: '2024-01-01',
    next_renewal_date: due,
    renewal_frequency: 'yearly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    deleted_at: null,
    server_seq: 1,
    ...extra,
  };
}

/** A device: its own IndexedDB, the app's tracker for users, and who is signed in. */
async function device(
  trackers: Record<string, PolicyRecord[]>,
  opts: { activeUser?: string | null; thresholds?: number[] } = {},
) {
  const factory = new IDBFactory();
  for (const [userId, policies] of Object.entries(trackers)) {
    const db = new TrackerDb(userId, { indexedDB: factory, IDBKeyRange });
    await db.policyTypes.put({
      id: HEALTH,
      name: 'Health',
      icon: 'HeartPulse',
      user_id: null,
      created_at: '',
      updated_at: '',
      deleted_at: null,
      server_seq: 1,
    });
    await db.policies.bulkPut(policies.map((p) => ({ ...p, user_id: userId })));
    if (opts.thresholds) {
      await db.meta.put({
        key: REMINDER_SETTINGS_META_KEY,
        value: { thresholds: opts.thresholds },
      });
    }
    db.close();
  }
  const active = opts.activeUser === undefined ? Object.keys(trackers)[0] : opts.activeUser;
  await withReminderStore(factory, (db) => setActiveUser(db, active ?? null));
  return factory;
}

function sink(fail: (title: string) => boolean = () => false) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const target: NotificationSink = {
    showNotification: vi.fn(async (title: string, options?: NotificationOptions) => {
      if (fail(title)) throw new Error('no permission');
      shown.push({ title, ...(options ? { options } : {}) });
    }),
  };
  return { target, shown };
}

describe('shown-keys store', () => {
  it('claims a key once, even when two paths race for it', async () => {
    const factory = new IDBFactory();
    const [a, b] = await Promise.all([
      withReminderStore(factory, (db) => claimReminderKeys(db, ['k1', 'k2'])),
      withReminderStore(factory, (db) => claimReminderKeys(db, ['k2', 'k3'])),
    ]);
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual(['k1', 'k2', 'k3']);
    expect(await withReminderStore(factory, (db) => claimReminderKeys(db, ['k1', 'k4']))).toEqual([
      'k4',
    ]);
  });
});

describe('periodic sync reminders', () => {
  it('shows one notification per newly due policy, then nothing for the same keys', async () => {
    const factory = await device({
      u1: [
        policy('p7', '2025-06-08', { premium_amount: 18500 }),
        policy('far', '2025-09-01'),
        policy('gone', TODAY, { deleted_at: '2025-05-01T00:00:00Z' }),
        policy('late', '2025-05-29', { policy_type_id: null }),
      ],
    });
    const first = sink();
    await runPeriodicReminders(factory, first.target, TODAY);
    expect(first.shown).toEqual([
      {
        title: 'Insurer late lapsed on 29 May',
        options: expect.objectContaining({ tag: 'late:2025-05-29:lapsed' }),
      },
      {
        title: 'Insurer p7 renews on 8 Jun — premium ₹18,500',
        options: expect.objectContaining({
          body: 'Health policy, renews in 7 days. Open BimaGuide to see the policy and mark it renewed once paid.',
          tag: 'p7:2025-06-08:7',
          data: { url: '/policy-tracker/p7' },
        }),
      },
    ]);

    const again = sink();
    await runPeriodicReminders(factory, again.target, TODAY);
    await runPeriodicReminders(factory, again.target, '2025-06-02');
    expect(again.shown).toEqual([]);

    // The next threshold is a new key.
    await runPeriodicReminders(factory, again.target, '2025-06-07');
    expect(again.shown.map((s) => s.options?.tag)).toEqual(['p7:2025-06-08:1']);
  });

  it('speaks the language the page last showed', async () => {
    const factory = await device({ u1: [policy('p7', '2025-06-08', { premium_amount: 18500 })] });
    await withReminderStore(factory, (db) => setReminderLocale(db, 'hi'));
    const hindi = sink();
    await runPeriodicReminders(factory, hindi.target, TODAY);
    expect(hindi.shown).toEqual([
      {
        title: 'Insurer p7 का रिन्यूअल 8 जून को है — प्रीमियम ₹18,500',
        options: expect.objectContaining({
          body: expect.stringMatching(/^हेल्थ पॉलिसी, 7 दिन में रिन्यूअल है। /),
        }),
      },
    ]);
  });

  it('includes a policy shared with the user only once they turn its reminders on (issue 18)', async () => {
    const factory = await device({ u1: [policy('mine', '2025-06-08')] });
    const db = new TrackerDb('u1', { indexedDB: factory, IDBKeyRange });
    await db.policies.put({ ...policy('priyas', '2025-06-08'), user_id: 'priya' });
    const share = {
      id: 's1',
      owner_id: 'priya',
      owner_name: 'Priya',
      owner_email: null,
      recipient_id: 'u1',
      recipient_name: null,
      recipient_email: null,
      policy_id: 'priyas',
      policy_label: null,
      role: 'viewer' as const,
      reminders_enabled: false,
      created_at: '',
      updated_at: '',
    };
    await db.shares.put(share);
    const off = sink();
    await runPeriodicReminders(factory, off.target, TODAY);
    expect(off.shown.map((s) => s.options?.tag)).toEqual(['mine:2025-06-08:7']);

    await db.shares.put({ ...share, reminders_enabled: true });
    db.close();
    const on = sink();
    await runPeriodicReminders(factory, on.target, TODAY);
    expect(on.shown.map((s) => s.options?.tag)).toEqual(['priyas:2025-06-08:7']);
  });

  it('reads only the signed-in account and its chosen days', async () => {
    const factory = await device(
      { u1: [policy('mine', '2025-06-04')], u2: [policy('theirs', '2025-06-02')] },
      { activeUser: 'u1', thresholds: [3] },
    );
    const s = sink();
    await runPeriodicReminders(factory, s.target, TODAY);
    expect(s.shown.map((n) => n.options?.tag)).toEqual(['mine:2025-06-04:3']);

    const signedOut = await device({ u1: [policy('p', TODAY)] }, { activeUser: null });
    const none = sink();
    await runPeriodicReminders(signedOut, none.target, TODAY);
    expect(none.shown).toEqual([]);
  });

  it('does nothing (and creates nothing) when the account has no tracker on this device', async () => {
    const factory = await device({}, { activeUser: 'u9' });
    const s = sink();
    await runPeriodicReminders(factory, s.target, TODAY);
    expect(s.shown).toEqual([]);
    expect((await factory.databases()).map((d) => d.name)).not.toContain('bimaguide-tracker-u9');
  });

  it('tries a notification again next time when showing it failed', async () => {
    const factory = await device({ u1: [policy('p', TODAY)] });
    const failing = sink(() => true);
    await runPeriodicReminders(factory, failing.target, TODAY);
    expect(failing.shown).toEqual([]);
    const working = sink();
    await runPeriodicReminders(factory, working.target, TODAY);
    expect(working.shown.map((n) => n.title)).toEqual(['Insurer p is due today, 1 Jun']);
  });
});

describe('push reminders', () => {
  const payload = {
    title: 'Health — Star Health renews in 7 days',
    body: 'Open BimaGuide',
    tag: 'p1:2025-06-08:7',
    url: '/policy-tracker/p1',
  };

  it('shows a pushed reminder once, sharing the keys periodic sync uses', async () => {
    const factory = await device({ u1: [policy('p1', '2025-06-08')] });
    const s = sink();
    await handlePushPayload(factory, s.target, payload);
    await handlePushPayload(factory, s.target, payload);
    expect(s.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({ tag: payload.tag, data: { url: payload.url } }),
      },
    ]);
    // The periodic check computes the same key: nothing more.
    await runPeriodicReminders(factory, s.target, TODAY);
    expect(s.shown).toHaveLength(1);
  });

  it('still shows something for a push that is not a reminder', async () => {
    const factory = new IDBFactory();
    const s = sink();
    await handlePushPayload(factory, s.target, null);
    await handlePushPayload(factory, s.target, { hello: 'world' });
    expect(s.shown.map((n) => n.options?.data)).toEqual([
      { url: '/policy-tracker' },
      { url: '/policy-tracker' },
    ]);
  });
});

describe('notification click', () => {
  const origin = 'https://bimaguide.example';

  it('goes to the notification URL on this origin, else the dashboard', () => {
    expect(notificationTargetUrl({ url: '/policy-tracker/p1' }, origin)).toBe(
      `${origin}/policy-tracker/p1`,
    );
    expect(notificationTargetUrl({ url: 'https://evil.example/x' }, origin)).toBe(
      `${origin}/policy-tracker`,
    );
    expect(notificationTargetUrl(null, origin)).toBe(`${origin}/policy-tracker`);
    expect(notificationTargetUrl({ url: 42 }, origin)).toBe(`${origin}/policy-tracker`);
  });

  function window(url: string, state: Partial<WindowLike> = {}) {
    const messages: unknown[] = [];
    const w: WindowLike = {
      url,
      focused: false,
      visibilityState: 'hidden',
      focus: vi.fn(async () => w),
      postMessage: (m: unknown) => messages.push(m),
      ...state,
    };
    return { w, messages };
  }

  function clients(windows: WindowLike[]) {
    const opened: string[] = [];
    const c: ClientsLike = {
      matchAll: async () => windows,
      openWindow: async (url: string) => opened.push(url),
    };
    return { c, opened };
  }

  const target = `${origin}/policy-tracker/p1`;

  it('focuses an open window of the app and asks it to open the policy', async () => {
    const other = window('https://elsewhere.example/');
    const background = window(`${origin}/about`);
    const visible = window(`${origin}/`, { visibilityState: 'visible' });
    const { c, opened } = clients([other.w, background.w, visible.w]);
    await openReminderTarget(c, target);
    expect(visible.w.focus).toHaveBeenCalled();
    expect(visible.messages).toEqual([{ type: OPEN_REMINDER_MESSAGE, url: target }]);
    expect(background.messages).toEqual([]);
    expect(other.messages).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('still routes the window when focusing is refused', async () => {
    const only = window(`${origin}/`, { focus: () => Promise.reject(new Error('no activation')) });
    const { c } = clients([only.w]);
    await openReminderTarget(c, target);
    expect(only.messages).toEqual([{ type: OPEN_REMINDER_MESSAGE, url: target }]);
  });

  it('opens a new window at the policy when none is open', async () => {
    const { c, opened } = clients([window('https://elsewhere.example/').w]);
    await openReminderTarget(c, target);
    expect(opened).toEqual([target]);
  });
});
