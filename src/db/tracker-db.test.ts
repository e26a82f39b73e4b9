import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { closeTrackerDb, deleteTrackerDb, openTrackerDb, trackerDbName } from './tracker-db';

describe('tracker database', () => {
  it('keeps one database per user and never mixes their rows', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const dbA = openTrackerDb(a);
    const dbB = openTrackerDb(b);
    expect(openTrackerDb(a)).toBe(dbA);
    expect(dbA.name).toBe(trackerDbName(a));
    expect(dbA.name).not.toBe(dbB.name);

    await dbA.meta.put({ key: 'pull_cursor', value: 7 });
    expect(await dbB.meta.get('pull_cursor')).toBeUndefined();

    // Closing keeps the data for the next sign-in on this device.
    closeTrackerDb(a);
    const reopened = openTrackerDb(a);
    expect(reopened).not.toBe(dbA);
    expect((await reopened.meta.get('pull_cursor'))?.value).toBe(7);

    await deleteTrackerDb(a);
    await deleteTrackerDb(b);
  });
});
