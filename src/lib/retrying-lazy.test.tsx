import { act, Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../tests/helpers/render';
import { retryingLazy } from './retrying-lazy';

/** Stands in for the route's error screen: what React.lazy's failure would have shown. */
class ErrorScreen extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

function Menu({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

const chunkFailure = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

function page(Part: ComponentType<{ label: string }>) {
  return render(
    <ErrorScreen>
      <h1>Bima Sugam explained</h1>
      <Suspense fallback={null}>
        <Part label="Open menu" />
      </Suspense>
    </ErrorScreen>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryingLazy', () => {
  it('a part that cannot load leaves the page as it was, and appears once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockImplementationOnce(chunkFailure)
      .mockResolvedValue({ default: Menu });
    page(retryingLazy(load));
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: 'Bima Sugam explained' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('while the browser thinks it is online, tries again after a pause that grows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockImplementationOnce(chunkFailure)
      .mockImplementationOnce(chunkFailure)
      .mockResolvedValue({ default: Menu });
    page(retryingLazy(load));
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(load).toHaveBeenCalledTimes(2);
    // The second failure waits twice as long.
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('stops the timed tries after six (a browser may keep a failed import), but not the online ones', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const load = vi.fn<() => Promise<{ default: typeof Menu }>>().mockImplementation(chunkFailure);
    page(retryingLazy(load));
    await act(async () => undefined);
    // An hour, a minute at a time (each try renders before it loads).
    for (let minute = 0; minute < 60; minute += 1) {
      await act(async () => vi.advanceTimersByTimeAsync(60_000));
    }
    expect(load).toHaveBeenCalledTimes(7);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(load).toHaveBeenCalledTimes(8);
    expect(screen.getByRole('heading', { name: 'Bima Sugam explained' })).toBeInTheDocument();
  });

  it('a try that fails again does not bring back the loading placeholder', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let finish: (loaded: { default: typeof Menu }) => void = () => undefined;
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockImplementationOnce(chunkFailure)
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      );
    const Part = retryingLazy(load);
    render(
      <Suspense fallback={<p>Loading the calculators…</p>}>
        <Part label="Open menu" />
      </Suspense>,
    );
    await vi.waitFor(() => expect(screen.queryByText('Loading the calculators…')).toBeNull());
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Loading the calculators…')).toBeNull();
    await act(async () => finish({ default: Menu }));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('a part given a stand-in shows it while it cannot load, then the part itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockImplementationOnce(chunkFailure)
      .mockResolvedValue({ default: Menu });
    const StandIn = ({ label }: { label: string }) => <a href="/">{label} (plain)</a>;
    page(retryingLazy(load, StandIn));
    expect(await screen.findByRole('link', { name: 'Open menu (plain)' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('offline, the timer does not try again: only coming back online does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockImplementationOnce(chunkFailure)
      .mockResolvedValue({ default: Menu });
    page(retryingLazy(load));
    await act(async () => undefined);
    await act(async () => vi.advanceTimersByTimeAsync(120_000));
    expect(load).toHaveBeenCalledOnce();

    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
