import 'fake-indexeddb/auto';
// Dexie's liveQuery needs an IndexedDB to exist, even for a read that touches no table.
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { useLiveRead } from './use-live-read';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

describe('useLiveRead', () => {
  it('returns what the read gives', async () => {
    const { result } = renderHook(() => useLiveRead(async () => [1, 2], [], 'Error'));
    await waitFor(() => expect(result.current).toEqual([1, 2]));
  });

  it('reports a failed read with the given title instead of throwing', async () => {
    const { result } = renderHook(() =>
      useLiveRead(
        () => Promise.reject(new Error('IndexedDB is blocked')),
        [],
        'Error fetching policies',
      ),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error fetching policies',
        description: 'IndexedDB is blocked',
        variant: 'destructive',
      }),
    );
    expect(result.current).toBeUndefined();
  });
});
