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

let prepared: Device | undefined;

const syncBench: SyncBenchPage = {
  async prepare(options, ops) {
    prepared = await openDevice(options);
    return queueSaves(prepared, ops);
  },
  async flush() {
    const device = prepared;
    if (!device) throw new Error('prepare() first');
    try {
      return await timeFlush(device);
    } finally {
      device.close();
      prepared = undefined;
    }
  },
};

Object.assign(window, { syncBench });
