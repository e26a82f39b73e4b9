// The sync bench's page: the app's repo, engine and TrackerDb on Chromium's own IndexedDB,
// driven from Node through `window.syncBench` (scripts/bench/sync-browser.ts builds and serves
// it). In steps, so that Node can start the profiler between queueing and flushing.
import {
  openDevice,
  queueSaves,
  timeFlush,
  type Device,
  type DeviceOptions,
  type FlushTiming,
} from '../sync-device.ts';

export interface SyncBenchPage {
  /** A fresh device of the user, signed in, with `ops` saves queued; returns seconds queueing. */
  prepare: (
    device: Omit<DeviceOptions, 'indexedDB' | 'webSocket' | 'live'>,
    ops: number,
  ) => Promise<number>;
  /** One flush of the prepared device, timed; the device is closed after it. */
  flush: () => Promise<Omit<FlushTiming, 'queueSeconds'>>;
}

/**
 * IndexedDB requests made since the last reset, by store and method (`outbox.put`): each is a
 * round trip to the browser process, which is where a flush in Chromium spends its time.
 */
const idbRequests = new Map<string, number>();

function countRequests<T extends object>(
  prototype: T,
  methods: readonly string[],
  storeOf: (target: T) => string,
): void {
  for (const method of methods) {
    const original: unknown = Reflect.get(prototype, method);
    if (typeof original !== 'function') continue;
    Reflect.set(prototype, method, function (this: T, ...args: unknown[]): unknown {
      const key = `${storeOf(this)}.${method}`;
      idbRequests.set(key, (idbRequests.get(key) ?? 0) + 1);
      return Reflect.apply(original, this, args);
    });
  }
}

const storeMethods = [
  'get',
  'getAll',
  'getAllKeys',
  'getKey',
  'count',
  'openCursor',
  'openKeyCursor',
];
countRequests(
  IDBObjectStore.prototype,
  [...storeMethods, 'put', 'add', 'delete', 'clear'],
  (store) => store.name,
);
countRequests(
  IDBIndex.prototype,
  storeMethods,
  (index) => `${index.objectStore.name}[${index.name}]`,
);
countRequests(
  IDBCursor.prototype,
  ['continue', 'advance', 'continuePrimaryKey', 'update', 'delete'],
  (cursor) => {
    const source = cursor.source;
    return source instanceof IDBIndex ? `${source.objectStore.name}[${source.name}]` : source.name;
  },
);

let prepared: Device | undefined;

const syncBench: SyncBenchPage = {
  async prepare(options, ops) {
    prepared = await openDevice(options);
    return queueSaves(prepared, ops);
  },
  async flush() {
    const device = prepared;
    if (!device) throw new Error('prepare() first');
    idbRequests.clear();
    try {
      const timing = await timeFlush(device);
      const byKind = [...idbRequests.entries()].sort(([, a], [, b]) => b - a);
      return {
        ...timing,
        idbRequests: byKind.reduce((sum, [, count]) => sum + count, 0),
        idbRequestsByKind: Object.fromEntries(byKind),
      };
    } finally {
      device.close();
      prepared = undefined;
    }
  },
};

Object.assign(window, { syncBench });
