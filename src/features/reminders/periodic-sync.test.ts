import { describe, expect, it, vi } from 'vitest';
import { PERIODIC_SYNC_TAG } from '@/sw/constants';
import { keepPeriodicRemindersRegistered } from './periodic-sync';

function fakeNavigator(initial: PermissionState) {
  const status = Object.assign(new EventTarget(), { state: initial });
  const tags: string[] = [];
  const register = vi.fn(async (tag: string) => {
    tags.push(tag);
  });
  const nav = {
    serviceWorker: {
      ready: Promise.resolve({ periodicSync: { register, getTags: async () => [...tags] } }),
    },
    permissions: { query: vi.fn(async () => status) },
  } as unknown as Navigator;
  return { nav, status, register };
}

describe('keepPeriodicRemindersRegistered', () => {
  it('registers the daily check the moment the permission turns to granted', async () => {
    const { nav, status, register } = fakeNavigator('prompt');
    const stop = keepPeriodicRemindersRegistered(nav);
    await vi.waitFor(() => expect(nav.permissions.query).toHaveBeenCalledTimes(2));
    expect(register).not.toHaveBeenCalled();

    status.state = 'granted';
    status.dispatchEvent(new Event('change'));
    await vi.waitFor(() =>
      expect(register).toHaveBeenCalledWith(PERIODIC_SYNC_TAG, { minInterval: 86_400_000 }),
    );
    stop();
  });

  it('stops listening when told to', async () => {
    const { nav, status, register } = fakeNavigator('denied');
    const stop = keepPeriodicRemindersRegistered(nav);
    await vi.waitFor(() => expect(nav.permissions.query).toHaveBeenCalledTimes(2));
    stop();
    status.state = 'granted';
    status.dispatchEvent(new Event('change'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(register).not.toHaveBeenCalled();
  });
});
