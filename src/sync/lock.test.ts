import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockHeldAcrossTabs, withSyncLock } from './lock';

afterEach(() => vi.unstubAllGlobals());

describe('the sync lock', () => {
  it('in a page without Web Locks, keeps only its own flushes apart, and says so', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    expect(lockHeldAcrossTabs()).toBe(false);
    const order: string[] = [];
    const first = withSyncLock('sync:u1', async () => {
      order.push('first starts');
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('first ends');
    });
    const second = withSyncLock('sync:u1', async () => {
      order.push('second');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });

  it('with Web Locks, holds across tabs through them', async () => {
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    expect(lockHeldAcrossTabs()).toBe(true);
    await withSyncLock('sync:u1', () => Promise.resolve());
    expect(request).toHaveBeenCalledWith('sync:u1', expect.any(Function));
  });
});
