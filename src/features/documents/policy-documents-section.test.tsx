import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '../../../tests/helpers/render';
import type { TrackerDb } from '@/db/tracker-db';
import { serverRowKey } from '@/db/tracker-db';
import type { CompressPhoto } from '@/sync';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../tests/helpers/catalogs';
import { storeSharedPolicy } from '../../../tests/helpers/tracker-fixtures';
import {
  addViewablePhoto,
  deleteDatabases,
  fileInput,
  HEALTH,
  MB,
  pdf,
  photoInput,
  setup,
  smallJpeg,
  useNodeBlobs,
} from './test-utils';

beforeAll(useNodeBlobs);
afterEach(deleteDatabases);

const OWNER = '0c000000-0000-4000-8000-0000000000aa';

/** A policy of Priya's, shared with the user as a sync pull leaves it. */
const storeSharedViewerPolicy = (db: TrackerDb, userId: string) =>
  storeSharedPolicy(db, {
    ownerId: OWNER,
    recipientId: userId,
    role: 'viewer',
    policyTypeId: HEALTH,
  });

/** A document row pulled from the server whose file this device has not downloaded. */
async function storeRemoteDocument(db: TrackerDb, ownerId: string, policyId: string) {
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  await db.policyDocuments.put({
    id,
    user_id: ownerId,
    policy_id: policyId,
    name: 'Renewal notice.pdf',
    mime_type: 'application/pdf',
    size: 5000,
    storage_path: `${ownerId}/${policyId}/${id}`,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    server_seq: 4,
  });
}

/** What the sync engine records when the server acknowledged the document's row. */
async function acknowledgeRows(db: TrackerDb) {
  for (const doc of await db.policyDocuments.toArray()) {
    await db.serverRows.put({
      key: serverRowKey('policy_documents', doc.id),
      table: 'policy_documents',
      record_id: doc.id,
      row: { ...doc, server_seq: 1 },
      server_seq: 1,
    });
  }
  await db.outbox.clear();
}

describe('PolicyDocumentsSection', { timeout: 20_000 }, () => {
  it('attaches what it may and names every file it refused', async () => {
    const { user, session } = await setup();
    const input = fileInput();
    if (!input) throw new Error('no file input');
    await user.upload(input, [
      pdf('E-card.pdf'),
      new File(['x'], 'notes.docx', { type: 'application/msword' }) as unknown as globalThis.File,
      pdf('Schedule.pdf', 11 * MB),
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('2 files were not attached')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'notes.docx cannot be attached. Attach a photo, an image (JPEG, PNG, WebP, HEIC) or a PDF.',
      ),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText('Schedule.pdf is 11 MB; a document can be at most 10 MB.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open E-card.pdf' })).toBeInTheDocument();
    expect(screen.getByText('1 document saved on this device.')).toBeInTheDocument();
    expect(
      screen.getByText('Saved on this device — uploads after the policy syncs'),
    ).toBeInTheDocument();
    expect(await session.db.documentFiles.count()).toBe(1);
  });

  it('stores a camera photo as chosen at once, then makes it smaller before upload', async () => {
    const { user, session, files } = await setup();
    const input = photoInput();
    if (!input) throw new Error('no photo input');
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(
      input,
      new File([new Uint8Array(5 * MB)], '1732424520.jpg', {
        type: 'image/jpeg',
      }) as unknown as globalThis.File,
    );
    // On the device (and openable) before any compression: the original, named by its time.
    expect(await screen.findByRole('button', { name: /^Open Photo / })).toBeInTheDocument();
    expect(screen.getByText('1 document saved on this device.')).toBeInTheDocument();
    expect(screen.getByText('Photo · 5.0 MB')).toBeInTheDocument();
    expect(screen.getByText('Saved on this device — preparing it for upload…')).toBeInTheDocument();
    expect((await session.db.documentFiles.toArray())[0]?.blob.size).toBe(5 * MB);

    await files.run();
    expect(await screen.findByText('Photo · 300 KB')).toBeInTheDocument();
    expect(
      screen.getByText('Saved on this device — uploads after the policy syncs'),
    ).toBeInTheDocument();
    const [stored] = await session.db.documentFiles.toArray();
    expect(stored?.blob.size).toBe(300 * 1024);
    expect(stored?.blob.type).toBe('image/jpeg');
  });

  it('says a photo that cannot be made to fit 10 MB stays on the device, and offers Retry', async () => {
    const compress = vi.fn<CompressPhoto>(async () => {
      throw new Error('The photo could not be decoded');
    });
    const { user, files } = await setup(compress);
    const input = photoInput();
    if (!input) throw new Error('no photo input');
    await user.upload(
      input,
      new File([new Uint8Array(12 * MB)], 'scan.heic', {
        type: '',
      }) as unknown as globalThis.File,
    );
    await screen.findByText('Saved on this device — preparing it for upload…');
    await files.run();
    expect(
      await screen.findByText(
        'Not uploaded. This photo could not be made smaller on this device, and a document can be at most 10 MB. It is kept on this device only.',
      ),
    ).toBeInTheDocument();
    compress.mockImplementation(smallJpeg);
    await user.click(screen.getByRole('button', { name: /^Retry Photo / }));
    expect(
      await screen.findByText('Saved on this device — uploads after the policy syncs'),
    ).toBeInTheDocument();
    expect(screen.getByText('Photo · 300 KB')).toBeInTheDocument();
    expect(compress).toHaveBeenCalledTimes(2);
  });

  it('opens a photo in the viewer and gives focus back to its Open button when it closes', async () => {
    const { user } = await setup();
    const open = await addViewablePhoto(user);
    await user.click(open);
    const viewer = await screen.findByRole('dialog', { name: /^Photo / });
    expect(within(viewer).getByRole('img', { name: /^Photo / })).toHaveAttribute('src', 'blob:x');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('shows each upload state: waiting, uploading, failed with Retry, uploaded', async () => {
    const { user, session, storage, files } = await setup();
    const input = fileInput();
    if (!input) throw new Error('no file input');
    await user.upload(input, pdf('E-card.pdf'));
    await screen.findByText('Saved on this device — uploads after the policy syncs');
    await acknowledgeRows(session.db);
    expect(await screen.findByText('Saved on this device — waiting to upload')).toBeInTheDocument();

    const first = files.run();
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading E-card.pdf' })).toBeInTheDocument();
    storage.uploads[0]?.answer(Object.assign(new Error('Try later'), { statusCode: '503' }));
    await first;
    expect(
      await screen.findByText(
        'Upload failed: The server did not take the file (Try later). It will be tried again automatically.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry E-card.pdf' }));
    await waitFor(() => expect(storage.uploads).toHaveLength(2));
    storage.uploads[1]?.answer(null);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(storage.uploads[1]?.path).toMatch(
      new RegExp(`^${session.userId}/[0-9a-f-]+/[0-9a-f-]+$`),
    );
  });

  it('renames and deletes through the menu', async () => {
    const { user, session } = await setup();
    const input = fileInput();
    if (!input) throw new Error('no file input');
    await user.upload(input, pdf('scan.pdf'));
    await user.click(await screen.findByRole('button', { name: 'More actions for scan.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename', hidden: true }));
    const field = await screen.findByLabelText('Document name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document name is required')).toBeInTheDocument();
    await user.type(field, 'Hospital e-card');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Open Hospital e-card' })).toBeInTheDocument();
    expect((await session.db.policyDocuments.toArray())[0]?.name).toBe('Hospital e-card');

    await user.click(screen.getByRole('button', { name: 'More actions for Hospital e-card' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(
      within(dialog).getByText(
        '“Hospital e-card” will be removed from this policy on all your devices.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No documents yet/)).toBeInTheDocument();
    expect(await session.db.documentFiles.count()).toBe(0);
  });

  it('says a file from another device needs the network when opened offline', async () => {
    const { user, session, policyId } = await setup();
    await storeRemoteDocument(session.db, session.userId, policyId);
    expect(
      await screen.findByText('On your other device — downloads when you open it'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Renewal notice.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Renewal notice.pdf: Could not reach the server. Try again when you are online.',
    );
  });

  it('never offers a viewer Add photo or Add file, not even while their role is being read', async () => {
    // Every render is watched: a button shown for a moment is one a viewer can press.
    const offered: string[] = [];
    const watch = new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) {
        const text = button.textContent ?? '';
        if (text === 'Add photo' || text === 'Add file') offered.push(text);
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
    try {
      const { session, policyId } = await setup(smallJpeg, storeSharedViewerPolicy);
      await storeRemoteDocument(session.db, OWNER, policyId);
      await screen.findByText('Saved by Priya — downloads when you open it');
    } finally {
      watch.disconnect();
    }
    expect(offered).toEqual([]);
  });

  it('says whose a shared policy’s file is, not “your other device”', async () => {
    const { session, policyId } = await setup(smallJpeg, storeSharedViewerPolicy);
    await storeRemoteDocument(session.db, OWNER, policyId);
    expect(
      await screen.findByText('Saved by Priya — downloads when you open it'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/On your other device/)).toBeNull();
  });

  it('says it in Hindi too', async () => {
    activateLoaded('hi', allMessages.hi);
    try {
      const { session, policyId } = await setup(smallJpeg, storeSharedViewerPolicy);
      await storeRemoteDocument(session.db, OWNER, policyId);
      expect(await screen.findByText('Priya ने सहेजा — खोलने पर डाउनलोड होगा')).toBeInTheDocument();
    } finally {
      activateLoaded('en', allMessages.en);
    }
  });

  it('says in Hindi why a file did not go up or cannot be opened', async () => {
    activateLoaded('hi', allMessages.hi);
    try {
      const { user, session, storage, files, policyId } = await setup();
      const input = fileInput();
      if (!input) throw new Error('no file input');
      await user.upload(input, pdf('E-card.pdf'));
      await acknowledgeRows(session.db);
      const first = files.run();
      await waitFor(() => expect(storage.uploads).toHaveLength(1));
      storage.uploads[0]?.answer(Object.assign(new Error('Try later'), { statusCode: '503' }));
      await first;
      // The server's own words only as a detail after the sentence.
      expect(
        await screen.findByText(
          'अपलोड नहीं हुआ: सर्वर ने फ़ाइल नहीं ली (Try later)। इसे अपने-आप फिर से आज़माया जाएगा।',
        ),
      ).toBeInTheDocument();

      await storeRemoteDocument(session.db, session.userId, policyId);
      await user.click(await screen.findByRole('button', { name: 'Renewal notice.pdf खोलें' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Renewal notice.pdf: सर्वर तक नहीं पहुँच सके। ऑनलाइन होने पर फिर कोशिश करें।',
      );
    } finally {
      activateLoaded('en', allMessages.en);
    }
  });
});
