import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTrackerDb } from '@/db/tracker-db';
import { REMINDER_SETTINGS_META_KEY } from '@/domain/policy/reminder-settings';
import { activateLoaded } from '@/lib/i18n';
import { getSupabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { allMessages } from '../../../tests/helpers/catalogs';
import { render, screen, userEvent, waitFor } from '../../../tests/helpers/render';
import { PUSH_STEP_TIMEOUTS } from './push-api';
import { RemindMePanel } from './remind-me-panel';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

// A real P-256 public key is 65 bytes; the panel only converts it from base64url.
const VAPID_KEY = 'B' + 'A'.repeat(86);

interface FakeSubscription {
  endpoint: string;
  toJSON(): { keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

function setUp(permissionAnswer: NotificationPermission) {
  let current: FakeSubscription | null = null;
  const subscription: FakeSubscription = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({ keys: { p256dh: 'p256dh-key', auth: 'auth-key' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const notification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      notification.permission = permissionAnswer;
      return permissionAnswer;
    }),
  };
  const showNotification = vi.fn(async () => undefined);
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager, showNotification }) },
  });

  const eq = vi.fn(async () => ({ error: null }));
  const upsert = vi.fn(async () => ({ error: null }));
  const client = {
    rpc: vi.fn(async () => ({ data: {}, error: null })),
    from: vi.fn(() => ({ upsert, delete: () => ({ eq }) })),
  };
  vi.mocked(getSupabase).mockResolvedValue(client as never);
  return { pushManager, notification, client, upsert, eq, subscription, showNotification };
}

let userId = '';
beforeEach(() => {
  userId = `u-${crypto.randomUUID()}`;
  vi.stubEnv('VITE_VAPID_PUBLIC_KEY', VAPID_KEY);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.mocked(toast).mockClear();
});

describe('Remind me panel', () => {
  it('asks for permission on the click, subscribes with the VAPID key and stores it', async () => {
    const fake = setUp('granted');
    render(<RemindMePanel userId={userId} />);
    const turnOn = await screen.findByRole('button', { name: 'Turn on reminders' });
    expect(fake.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(turnOn);
    await screen.findByRole('button', { name: 'Turn off reminders' });
    expect(fake.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    const [options] = fake.pushManager.subscribe.mock.calls[0] as unknown as [
      { applicationServerKey: Uint8Array },
    ];
    expect(options.applicationServerKey).toHaveLength(65);
    expect(fake.client.rpc).toHaveBeenCalledWith('save_push_subscription', {
      endpoint: 'https://push.example/abc',
      p256dh: 'p256dh-key',
      auth: 'auth-key',
    });
    expect(fake.upsert).toHaveBeenCalledWith({ user_id: userId, thresholds: [30, 7, 1, 0] });
    expect(screen.getByText('Renewal reminders are on for this device.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send a test reminder' }));
    await waitFor(() =>
      expect(fake.showNotification).toHaveBeenCalledWith(
        'BimaGuide test reminder',
        expect.objectContaining({ tag: 'bimaguide-test-reminder' }),
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Turn off reminders' }));
    await screen.findByRole('button', { name: 'Turn on reminders' });
    expect(fake.client.from).toHaveBeenCalledWith('push_subscriptions');
    expect(fake.eq).toHaveBeenCalledWith('endpoint', 'https://push.example/abc');
    expect(fake.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('on iPhone Safari, says to add the app to the Home Screen first instead of offering push', async () => {
    const fake = setUp('granted');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    try {
      render(<RemindMePanel userId={userId} />);
      expect(
        await screen.findByText('Add BimaGuide to your Home Screen first'),
      ).toBeInTheDocument();
      expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeInTheDocument();
      expect(screen.queryByText('Not available in this browser')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Turn on reminders' })).toBeNull();
      expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('gives up on a push service that never answers, says why and turns on with Try again', async () => {
    const fake = setUp('granted');
    fake.pushManager.subscribe.mockImplementationOnce(() => new Promise(() => undefined));
    const before = PUSH_STEP_TIMEOUTS.subscribe;
    PUSH_STEP_TIMEOUTS.subscribe = 50;
    try {
      render(<RemindMePanel userId={userId} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }));
      expect(await screen.findByText('Reminders are not on yet')).toBeInTheDocument();
      expect(
        screen.getByText(
          'Could not reach the push service. Check your connection, then try again.',
        ),
      ).toBeInTheDocument();
      expect(fake.client.rpc).not.toHaveBeenCalled();

      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByRole('button', { name: 'Turn off reminders' });
      expect(screen.queryByText('Reminders are not on yet')).toBeNull();
    } finally {
      PUSH_STEP_TIMEOUTS.subscribe = before;
    }
  });

  it('says so and subscribes nothing when permission is refused', async () => {
    const fake = setUp('denied');
    render(<RemindMePanel userId={userId} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }));
    await screen.findByText('Notifications are blocked');
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fake.client.rpc).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Could not turn on reminders', variant: 'destructive' }),
    );
  });

  it('shows the server’s reason, and leaves the browser unsubscribed, when saving is refused', async () => {
    const fake = setUp('granted');
    const reason =
      'p256dh must be the browser’s P-256 public key: 65 bytes starting with 0x04, base64url-encoded';
    fake.client.rpc.mockResolvedValueOnce({
      data: null,
      error: { code: '22023', message: reason, details: null, hint: null },
    } as never);
    render(<RemindMePanel userId={userId} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Could not turn on reminders',
        description: reason,
        variant: 'destructive',
      }),
    );
    // No row on the server, so no live subscription in the browser: the panel says "off"
    // and the next click subscribes afresh.
    expect(fake.subscription.unsubscribe).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Turn on reminders' })).toBeEnabled();
    expect(fake.upsert).not.toHaveBeenCalled();
  });

  describe('in Hindi', () => {
    beforeEach(() => activateLoaded('hi', allMessages.hi));
    afterEach(() => activateLoaded('en', allMessages.en));

    it('says why reminders did not turn on, the server’s words only as a detail', async () => {
      const fake = setUp('granted');
      fake.pushManager.subscribe.mockImplementationOnce(() => new Promise(() => undefined));
      fake.client.rpc.mockResolvedValueOnce({
        data: null,
        error: { code: 'XX000', message: 'internal error', details: null, hint: null },
      } as never);
      const before = PUSH_STEP_TIMEOUTS.subscribe;
      PUSH_STEP_TIMEOUTS.subscribe = 50;
      try {
        render(<RemindMePanel userId={userId} />);
        await userEvent.click(await screen.findByRole('button', { name: 'रिमाइंडर चालू करें' }));
        expect(await screen.findByText('रिमाइंडर अभी चालू नहीं हुए')).toBeInTheDocument();
        expect(
          screen.getByText('पुश सेवा तक नहीं पहुँच सके। अपना इंटरनेट कनेक्शन जाँचें, फिर कोशिश करें।'),
        ).toBeInTheDocument();

        await userEvent.click(screen.getByRole('button', { name: 'फिर कोशिश करें' }));
        expect(await screen.findByText('यह नहीं हो सका (internal error)')).toBeInTheDocument();
        expect(toast).toHaveBeenLastCalledWith({
          title: 'रिमाइंडर चालू नहीं हो सके',
          description: 'यह नहीं हो सका (internal error)',
          variant: 'destructive',
        });
      } finally {
        PUSH_STEP_TIMEOUTS.subscribe = before;
      }
    });

    it('says so when the server has no reminder key to give', async () => {
      setUp('granted');
      // A build that does not know the key asks the server for it.
      vi.stubEnv('VITE_VAPID_PUBLIC_KEY', '');
      vi.stubEnv('VITE_SUPABASE_URL', 'https://project.example');
      vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key-of-the-project-000');
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status: 503 })),
      );
      render(<RemindMePanel userId={userId} />);
      await userEvent.click(await screen.findByRole('button', { name: 'रिमाइंडर चालू करें' }));
      expect(
        await screen.findByText('रिमाइंडर अभी उपलब्ध नहीं हैं। बाद में फिर कोशिश करें।'),
      ).toBeInTheDocument();
    });
  });

  it('keeps the chosen days per user on the device, never fewer than one', async () => {
    setUp('granted');
    render(<RemindMePanel userId={userId} />);
    const thirty = await screen.findByRole('checkbox', { name: '30 days before' });
    expect(thirty).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '60 days before' })).not.toBeChecked();

    await userEvent.click(thirty);
    await userEvent.click(screen.getByRole('checkbox', { name: '1 day before' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'On the day' }));
    await waitFor(async () => {
      const row = await openTrackerDb(userId).meta.get(REMINDER_SETTINGS_META_KEY);
      expect(row?.value).toEqual({ thresholds: [7] });
    });
    // The panel reads the days through a live query, a render after the write.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: '7 days before' })).toBeDisabled(),
    );
  });
});
