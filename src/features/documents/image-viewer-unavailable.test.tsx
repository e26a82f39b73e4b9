import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '../../../tests/helpers/render';
import { addViewablePhoto, deleteDatabases, setup, useNodeBlobs } from './test-utils';

const shown = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: shown.toast }));
// The viewer's code cannot be loaded (offline before it was kept, or removed by a deploy).
vi.mock('./image-viewer', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeAll(useNodeBlobs);
afterEach(deleteDatabases);

describe('a photo whose viewer cannot be loaded', { timeout: 20_000 }, () => {
  it('says so at each tap instead of doing nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await setup();
    const open = await addViewablePhoto(user);
    for (const taps of [1, 2]) {
      await user.click(open);
      await waitFor(() => expect(shown.toast).toHaveBeenCalledTimes(taps));
      expect(shown.toast).toHaveBeenLastCalledWith({
        title: 'This could not be opened',
        description: 'Please try again.',
        variant: 'destructive',
      });
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });
});
