import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWhenReady } from './render-when-ready';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function deferred() {
  let resolve = () => {};
  let reject = (_error: unknown) => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('rendering a page once it has loaded', () => {
  it('renders as soon as the page is ready, and only once', async () => {
    const ready = deferred();
    const render = vi.fn();
    renderWhenReady(ready.promise, render, 1000);
    await vi.advanceTimersByTimeAsync(300);
    expect(render).not.toHaveBeenCalled();
    ready.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledExactlyOnceWith(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(render).toHaveBeenCalledOnce();
  });

  it('renders what it has when loading takes longer than its patience', async () => {
    const ready = deferred();
    const render = vi.fn();
    renderWhenReady(ready.promise, render, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(render).toHaveBeenCalledExactlyOnceWith(false);
    ready.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledOnce();
  });

  it('still renders when loading failed, saying so in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ready = deferred();
    const render = vi.fn();
    renderWhenReady(ready.promise, render);
    ready.reject(new Error('chunk missing'));
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledExactlyOnceWith(true);
    expect(logged).toHaveBeenCalledWith('Loading the page failed', expect.any(Error));
  });

  it('without patience, waits however long loading takes', async () => {
    const ready = deferred();
    const render = vi.fn();
    renderWhenReady(ready.promise, render);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(render).not.toHaveBeenCalled();
    ready.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledOnce();
  });
});
