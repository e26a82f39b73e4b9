import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FIRST_BATCH, inBatches, NEXT_BATCH, useIncrementalCount } from './use-incremental-count';

afterEach(() => {
  vi.useRealTimers();
});

/** Each count the hook returns, one paint (timer) after another, until it stops changing. */
function steps(result: { current: number }): number[] {
  const seen = [result.current];
  for (let i = 0; i < 20; i += 1) {
    act(() => {
      vi.runOnlyPendingTimers();
    });
    if (result.current === seen.at(-1)) break;
    seen.push(result.current);
  }
  return seen;
}

describe('useIncrementalCount', () => {
  it('cuts batches that fill whole rows of one, two or three columns', () => {
    // Each batch is its own grid: a batch ending mid-row would leave a hole before the next.
    for (const columns of [1, 2, 3]) {
      expect(FIRST_BATCH % columns).toBe(0);
      expect(NEXT_BATCH % columns).toBe(0);
    }
  });

  it('shows the first screen at once and the rest a batch per paint', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useIncrementalCount(500));
    expect(steps(result)).toEqual([24, 222, 420, 500]);
  });

  it('takes a replaced list apart a whole batch per paint, down to none', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = renderHook(({ leaving }) => useIncrementalCount(500, leaving), {
      initialProps: { leaving: false },
    });
    steps(result);
    rerender({ leaving: true });
    // Each step ends where a batch of inBatches starts, so one batch goes at a time.
    const starts = inBatches(Array.from({ length: 500 }, (_, i) => i)).map((b) => b.start);
    expect(steps(result)).toEqual([500, 420, 222, 24, 0]);
    expect(starts).toEqual([
      0,
      FIRST_BATCH,
      FIRST_BATCH + NEXT_BATCH,
      FIRST_BATCH + 2 * NEXT_BATCH,
    ]);
  });

  it('takes apart a list replaced before all of it was shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result, rerender } = renderHook(({ leaving }) => useIncrementalCount(5000, leaving), {
      initialProps: { leaving: false },
    });
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(result.current).toBe(222);
    rerender({ leaving: true });
    expect(steps(result)).toEqual([222, 24, 0]);
  });
});
