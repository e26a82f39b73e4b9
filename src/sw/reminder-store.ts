import { reminderLocale, type ReminderLocale } from '../domain/policy/reminder-message';
import { request, transactionDone } from './idb';

/**
 * `bimaguide-reminders`: what the device has already shown, shared by the service worker's
 * periodic-sync and push paths so one key never produces two notifications, plus which
 * account is signed in on this device (the page records it) so a shared phone never shows
 * one account's renewals while another is using the app, and the language the page shows, so
 * a notification the device makes speaks it too.
 */
export const REMINDER_STORE_NAME = 'bimaguide-reminders';
const VERSION = 1;
const SHOWN = 'shown';
const STATE = 'state';
const ACTIVE_USER = 'active-user';
const LOCALE = 'locale';

interface ShownRow {
  key: string;
  shownAt: number;
}

interface StateRow {
  key: string;
  value: string | null;
}

export function openReminderStore(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(REMINDER_STORE_NAME, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      // Every version's steps stay here; a later version adds its own below.
      if (!db.objectStoreNames.contains(SHOWN)) {
        db.createObjectStore(SHOWN, { keyPath: 'key' }).createIndex('shownAt', 'shownAt');
      }
      if (!db.objectStoreNames.contains(STATE)) db.createObjectStore(STATE, { keyPath: 'key' });
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('Could not open the reminder store'));
    req.onblocked = () => reject(new Error('The reminder store is blocked by an older tab'));
  });
}

/** Runs fn with the store open and closes it afterwards (service workers are short-lived). */
export async function withReminderStore<T>(
  factory: IDBFactory,
  fn: (db: IDBDatabase) => Promise<T>,
): Promise<T> {
  const db = await openReminderStore(factory);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/**
 * Records the keys not seen before and returns them; keys already shown are left out. One
 * read-write transaction, so a push and a periodic sync racing for the same key cannot both
 * win it.
 */
export async function claimReminderKeys(
  db: IDBDatabase,
  keys: readonly string[],
  now: number = Date.now(),
): Promise<string[]> {
  const tx = db.transaction(SHOWN, 'readwrite');
  const done = transactionDone(tx);
  const store = tx.objectStore(SHOWN);
  const unique = [...new Set(keys)];
  const seen = await Promise.all(unique.map((key) => request(store.getKey(key))));
  const claimed = unique.filter((_key, i) => seen[i] === undefined);
  for (const key of claimed) store.put({ key, shownAt: now } satisfies ShownRow);
  await done;
  return claimed;
}

/** Forgets a claimed key whose notification could not be shown, so a later run retries it. */
export async function releaseReminderKey(db: IDBDatabase, key: string): Promise<void> {
  const tx = db.transaction(SHOWN, 'readwrite');
  tx.objectStore(SHOWN).delete(key);
  await transactionDone(tx);
}

export async function wasReminderShown(db: IDBDatabase, key: string): Promise<boolean> {
  const tx = db.transaction(SHOWN, 'readonly');
  return (await request(tx.objectStore(SHOWN).getKey(key))) !== undefined;
}

/**
 * Drops keys older than the cutoff. A key names one due date, so once that date is long past
 * (a renewal moves the date and makes new keys) the old key can never come back.
 */
export async function pruneShownKeys(db: IDBDatabase, olderThan: number): Promise<void> {
  const tx = db.transaction(SHOWN, 'readwrite');
  const cursorReq = tx
    .objectStore(SHOWN)
    .index('shownAt')
    .openCursor(IDBKeyRange.upperBound(olderThan, true));
  cursorReq.onsuccess = () => {
    const cursor = cursorReq.result;
    if (!cursor) return;
    cursor.delete();
    cursor.continue();
  };
  await transactionDone(tx);
}

export async function getActiveUser(db: IDBDatabase): Promise<string | null> {
  const tx = db.transaction(STATE, 'readonly');
  const row = (await request(tx.objectStore(STATE).get(ACTIVE_USER))) as StateRow | undefined;
  return typeof row?.value === 'string' ? row.value : null;
}

/** The page calls this on every auth change; null once nobody is signed in. */
export async function setActiveUser(db: IDBDatabase, userId: string | null): Promise<void> {
  const tx = db.transaction(STATE, 'readwrite');
  tx.objectStore(STATE).put({ key: ACTIVE_USER, value: userId } satisfies StateRow);
  await transactionDone(tx);
}

export async function getReminderLocale(db: IDBDatabase): Promise<ReminderLocale> {
  const tx = db.transaction(STATE, 'readonly');
  const row = (await request(tx.objectStore(STATE).get(LOCALE))) as StateRow | undefined;
  return reminderLocale(row?.value);
}

/** The page calls this whenever its language changes. */
export async function setReminderLocale(db: IDBDatabase, locale: ReminderLocale): Promise<void> {
  const tx = db.transaction(STATE, 'readwrite');
  tx.objectStore(STATE).put({ key: LOCALE, value: locale } satisfies StateRow);
  await transactionDone(tx);
}
