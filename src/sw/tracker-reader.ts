import type { IsoDate } from '../domain/policy/dates';
import type { ReminderSubject } from '../domain/policy/reminder-message';
import {
  REMINDER_SETTINGS_META_KEY,
  reminderSettingsFrom,
} from '../domain/policy/reminder-settings';
import { remindsAbout, type ReminderShare } from '../domain/policy/shared-reminders';
import { openExisting, request } from './idb';

/** The tracker's Dexie database name for a user (src/db/tracker-db.ts owns the scheme). */
export const TRACKER_DB_PREFIX = 'bimaguide-tracker-';

export interface TrackedPolicy {
  id: string;
  nextRenewalDate: IsoDate;
  subject: ReminderSubject;
}

export interface TrackerSnapshot {
  policies: TrackedPolicy[];
  thresholds: number[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

async function readAll(db: IDBDatabase, store: string): Promise<unknown[]> {
  if (!db.objectStoreNames.contains(store)) return [];
  const tx = db.transaction(store, 'readonly');
  return request(tx.objectStore(store).getAll());
}

/**
 * The user's live policies and reminder settings, read straight from the app's IndexedDB
 * without Dexie (the worker stays small and never creates or upgrades the database).
 * null when this device has no tracker database for the user.
 */
export async function readTrackerSnapshot(
  factory: IDBFactory,
  userId: string,
): Promise<TrackerSnapshot | null> {
  const db = await openExisting(factory, TRACKER_DB_PREFIX + userId);
  if (!db) return null;
  try {
    const [policies, types, meta, shareRows] = await Promise.all([
      readAll(db, 'policies'),
      readAll(db, 'policyTypes'),
      readAll(db, 'meta'),
      readAll(db, 'shares'),
    ]);
    const shares: ReminderShare[] = [];
    for (const s of shareRows) {
      if (!isRecord(s) || typeof s.owner_id !== 'string') continue;
      shares.push({
        owner_id: s.owner_id,
        policy_id: typeof s.policy_id === 'string' ? s.policy_id : null,
        reminders_enabled: s.reminders_enabled === true,
      });
    }
    const typeNames = new Map<string, string>();
    for (const t of types) {
      if (isRecord(t) && typeof t.id === 'string' && typeof t.name === 'string' && !t.deleted_at) {
        typeNames.set(t.id, t.name);
      }
    }
    const settings = meta.find((m) => isRecord(m) && m.key === REMINDER_SETTINGS_META_KEY);
    const tracked: TrackedPolicy[] = [];
    for (const p of policies) {
      if (!isRecord(p) || p.deleted_at) continue;
      const { id, user_id, insurer_name, next_renewal_date, policy_type_id, premium_amount } = p;
      if (typeof id !== 'string' || typeof next_renewal_date !== 'string') continue;
      if (typeof insurer_name !== 'string' || typeof user_id !== 'string') continue;
      // A policy shared with the user only when they turned its reminders on (issue 18).
      if (!remindsAbout({ id, user_id }, userId, shares)) continue;
      tracked.push({
        id,
        nextRenewalDate: next_renewal_date,
        subject: {
          insurerName: insurer_name,
          typeName:
            typeof policy_type_id === 'string' ? (typeNames.get(policy_type_id) ?? null) : null,
          premiumAmount: typeof premium_amount === 'number' ? premium_amount : null,
        },
      });
    }
    return {
      policies: tracked,
      thresholds: reminderSettingsFrom(isRecord(settings) ? settings.value : undefined).thresholds,
    };
  } finally {
    db.close();
  }
}
