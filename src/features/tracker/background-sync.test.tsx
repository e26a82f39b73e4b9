import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../tests/helpers/render';
import { TrackerBackgroundSync } from './background-sync';

vi.mock('./session', () => ({
  trackerSessions: { acquire: vi.fn(), guardSignOut: vi.fn() },
}));
// The real request to the worker, without the update prompt's build-time module beside it.
vi.mock('@/features/pwa', async () => ({
  keepForOffline: (await import('@/features/pwa/cache-used-files')).keepForOffline,
}));

describe('a signed-in user on any page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks the service worker to keep the tracker's code for offline use", async () => {
    const posted: unknown[] = [];
    const registration = {
      active: { postMessage: (message: unknown) => posted.push(message) },
    };
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { ready: Promise.resolve(registration) },
    });
    render(<TrackerBackgroundSync userId="user-1" registerBeforeSignOut={() => () => {}} />);
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'CACHE_GROUP', group: 'tracker' }]));
  });
});
