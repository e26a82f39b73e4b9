/**
 * One flusher at a time per user: across tabs through Web Locks, within one JavaScript
 * realm (tests, browsers without Web Locks) through a promise chain per lock name.
 */

const chains = new Map<string, Promise<unknown>>();

function inProcess<T>(name: string, run: () => Promise<T>): Promise<T> {
  const previous = chains.get(name) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => undefined);
  chains.set(name, settled);
  void settled.then(() => {
    if (chains.get(name) === settled) chains.delete(name);
  });
  return next;
}

function webLocks(): LockManager | undefined {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

/**
 * Whether the lock keeps every other flusher out: Web Locks hold across the browser's tabs, and
 * outside a browser window (Node: the tests and the bench) there are no other tabs. A page
 * without Web Locks (Safari before 15.4) holds it against its own flushes only.
 */
export function lockHeldAcrossTabs(): boolean {
  return webLocks() !== undefined || typeof window === 'undefined';
}

export function withSyncLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(name, () => run());
  return inProcess(name, run);
}
