import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useToday } from './use-today';

afterEach(() => {
  vi.useRealTimers();
});

describe('useToday', () => {
  it('turns over at local midnight while the page stays open', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 23, 59, 30));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-03-10');
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    expect(result.current).toBe('2026-03-11');
  });

  it('re-reads the date when the tab becomes visible again', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 22, 0));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-03-10');
    // A sleeping device: the clock jumps without timers having run.
    vi.setSystemTime(new Date(2026, 2, 12, 8, 0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe('2026-03-12');
  });
});
