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

export function withSyncLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(name, () => run());
  }
  return inProcess(name, run);
}
