// The documents section's tests share this: a real per-user store and file queue, storage as
// supabase-js answers it, and the section rendered on the user's own policy or a shared one.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import type { TrackerDb } from '@/db/tracker-db';
import { startFileTransfers, type CompressPhoto, type FileTransfers } from '@/sync';
import { TrackerProvider } from '@/features/tracker';
import { i18n } from '@/lib/i18n';
import { testTrackerSessions } from '../../../tests/helpers/tracker-sessions';
import { PolicyDocumentsSection } from './policy-documents-section';

export const MB = 1024 * 1024;
export const HEALTH = '00000000-0000-4000-8000-000000000001';

/** jsdom's Blob and File do not survive IndexedDB's structured clone; a browser's do. */
export function useNodeBlobs() {
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
}

/** Storage as supabase-js answers it, one upload at a time, answered by the test. */
function fakeStorage(userId: string) {
  const uploads: { path: string; answer: (error: unknown) => void }[] = [];
  const client = {
    auth: { getSession: async () => ({ data: { session: { user: { id: userId } } } }) },
    storage: {
      from: () => ({
        upload: (path: string) =>
          new Promise<{ error: unknown }>((resolve) => {
            uploads.push({ path, answer: (error) => resolve({ error }) });
          }),
        download: async () => ({ data: null, error: new TypeError('fetch failed') }),
      }),
    },
  } as unknown as SupabaseClient;
  return { client, uploads };
}

const databases: TrackerDb[] = [];
/** Deletes the stores the tests opened (after each test). */
export async function deleteDatabases() {
  for (const db of databases.splice(0)) await db.delete();
}

// The compressor needs a real browser (canvas, workers); a small JPEG stands in.
export const smallJpeg: CompressPhoto = async () => ({
  blob: new Blob([new Uint8Array(300 * 1024)], { type: 'image/jpeg' }),
  mime: 'image/jpeg',
});

/**
 * The section on the user's own policy, or on the one `showPolicy` stores and names (a policy
 * someone shared with them).
 */
export async function setup(
  compress: CompressPhoto = smallJpeg,
  showPolicy?: (db: TrackerDb, userId: string) => Promise<string>,
) {
  const userId = crypto.randomUUID();
  const storage = fakeStorage(userId);
  let files: FileTransfers | undefined;
  const { sessions } = testTrackerSessions({
    onOpen: (db) => databases.push(db),
    startFiles: (id, db, repo) => {
      files = startFileTransfers({
        userId: id,
        db,
        repo,
        getClient: async () => storage.client,
        compress,
        autoStart: false,
        random: () => 1,
      });
      return files;
    },
  });
  const session = sessions.acquire(userId);
  const ownPolicyId = await session.repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    start_date: '2025-01-01',
    next_renewal_date: '2026-01-01',
    renewal_frequency: 'yearly',
    members: [],
  });
  const policyId = showPolicy ? await showPolicy(session.db, userId) : ownPolicyId;
  render(
    <TrackerProvider userId={userId} sessions={sessions}>
      <PolicyDocumentsSection policyId={policyId} />
    </TrackerProvider>,
  );
  // In the language the test chose.
  await screen.findByText(i18n._('documents.none'));
  // The user's own policy: its actions show once the role is read.
  if (!showPolicy) await screen.findByRole('button', { name: i18n._('documents.addPhoto') });
  if (!files) throw new Error('no file queue');
  return { session, policyId, storage, files, user: userEvent.setup({ applyAccept: false }) };
}

export const fileInput = () =>
  document.querySelector<HTMLInputElement>('input[name="document-file"]');
export const photoInput = () =>
  document.querySelector<HTMLInputElement>('input[name="document-photo"]');
export const pdf = (name: string, size = 2000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' }) as unknown as globalThis.File;

/**
 * Adds a photo through the photo input and returns its Open button. jsdom has no object URLs;
 * the viewer only needs a string to show.
 */
export async function addViewablePhoto(user: ReturnType<typeof userEvent.setup>) {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  const input = photoInput();
  if (!input) throw new Error('no photo input');
  await user.upload(
    input,
    new File([new Uint8Array(200 * 1024)], 'card.jpg', {
      type: 'image/jpeg',
    }) as unknown as globalThis.File,
  );
  return screen.findByRole('button', { name: /^Open Photo / });
}
