import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { deleteTrackerDb, openTrackerDb, serverRowKey } from '@/db/tracker-db';
import { createTrackerRepo, DocumentLimitError, PolicyNotFoundError } from './repo';

const HEALTH = '00000000-0000-4000-8000-000000000001';
const users: string[] = [];

beforeAll(() => {
  // jsdom's Blob does not survive IndexedDB's structured clone; a browser's (and Node's) does.
  vi.stubGlobal('Blob', NodeBlob);
});

afterEach(async () => {
  for (const userId of users.splice(0)) await deleteTrackerDb(userId);
});

async function setup() {
  const userId = crypto.randomUUID();
  users.push(userId);
  const db = openTrackerDb(userId);
  const persist = vi.fn(() => Promise.resolve(true));
  const repo = createTrackerRepo(db, userId, { requestPersistentStorage: persist });
  const policyId = await repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: null,
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
    renewal_frequency: 'yearly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    members: [],
  });
  await db.outbox.clear();
  return { db, repo, userId, policyId, persist };
}

const pdf = (text = 'scan') => new Blob([`%PDF-1.4 ${text}`], { type: 'application/pdf' });

describe('documents in the repo', () => {
  it('stores the row, its outbox entry and the file together', async () => {
    const { db, repo, userId, policyId } = await setup();
    const file = pdf();
    const id = await repo.addDocument(
      { policy_id: policyId, name: ' E-card.pdf ', mime_type: 'application/pdf' },
      file,
    );
    expect(await db.policyDocuments.get(id)).toMatchObject({
      user_id: userId,
      policy_id: policyId,
      name: 'E-card.pdf',
      size: file.size,
      storage_path: `${userId}/${policyId}/${id}`,
      deleted_at: null,
    });
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ table: 'policy_documents', kind: 'upsert', record_id: id });
    expect(op?.row).toEqual({
      id,
      policy_id: policyId,
      name: 'E-card.pdf',
      mime_type: 'application/pdf',
      size: file.size,
      created_at: expect.any(String),
    });
    const stored = await db.documentFiles.get(id);
    expect(stored).toMatchObject({ policy_id: policyId, upload: 'pending', attempts: 0 });
    expect(await stored?.blob.text()).toBe('%PDF-1.4 scan');
  });

  it('refuses a 21st document, a deleted policy and a bad name, storing nothing', async () => {
    const { db, repo, policyId } = await setup();
    for (let i = 0; i < 20; i += 1) {
      await repo.addDocument(
        { policy_id: policyId, name: `p${i}.pdf`, mime_type: 'application/pdf' },
        pdf(),
      );
    }
    await expect(
      repo.addDocument({ policy_id: policyId, name: 'x.pdf', mime_type: 'application/pdf' }, pdf()),
    ).rejects.toBeInstanceOf(DocumentLimitError);
    await expect(
      repo.addDocument({ policy_id: policyId, name: '  ', mime_type: 'application/pdf' }, pdf()),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await db.documentFiles.count()).toBe(20);

    await repo.deletePolicy(policyId);
    await expect(
      repo.addDocument({ policy_id: policyId, name: 'y.pdf', mime_type: 'application/pdf' }, pdf()),
    ).rejects.toBeInstanceOf(PolicyNotFoundError);
  });

  it('renames through the outbox, folding into an unsent create', async () => {
    const { db, repo, policyId } = await setup();
    const id = await repo.addDocument(
      { policy_id: policyId, name: 'scan.pdf', mime_type: 'application/pdf' },
      pdf(),
    );
    await repo.renameDocument(id, 'Hospital e-card');
    expect((await db.policyDocuments.get(id))?.name).toBe('Hospital e-card');
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]?.row).toMatchObject({ name: 'Hospital e-card', mime_type: 'application/pdf' });
    await expect(repo.renameDocument(id, 'x'.repeat(201))).rejects.toBeInstanceOf(ZodError);
  });

  it('deleting a document that never left the device cancels it and its file', async () => {
    const { db, repo, policyId } = await setup();
    const id = await repo.addDocument(
      { policy_id: policyId, name: 'scan.pdf', mime_type: 'application/pdf' },
      pdf(),
    );
    await repo.deleteDocument(id);
    expect(await db.policyDocuments.get(id)).toBeUndefined();
    expect(await db.documentFiles.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('deleting a synced document queues a delete and drops the local copy', async () => {
    const { db, repo, policyId } = await setup();
    const id = await repo.addDocument(
      { policy_id: policyId, name: 'scan.pdf', mime_type: 'application/pdf' },
      pdf(),
    );
    const row = await db.policyDocuments.get(id);
    await db.serverRows.put({
      key: serverRowKey('policy_documents', id),
      table: 'policy_documents',
      record_id: id,
      row: { ...row, server_seq: 3 },
      server_seq: 3,
    });
    await db.outbox.clear();
    await repo.deleteDocument(id);
    expect((await db.policyDocuments.get(id))?.deleted_at).toEqual(expect.any(String));
    expect(await db.documentFiles.get(id)).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ table: 'policy_documents', kind: 'delete', row: { id } }),
    ]);
  });

  describe('a photo stored as chosen, to be made smaller', () => {
    const MB = 1024 * 1024;
    const photo = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/heic' });
    const jpeg = (bytes: number) => ({
      blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
      mime: 'image/jpeg' as const,
    });

    it('keeps its row on the device until the compressed copy replaces it, then queues that', async () => {
      const { db, repo, policyId } = await setup();
      // Up to 40 MB as chosen: more than a document may be, since the server never sees it.
      const id = await repo.addDocument(
        { policy_id: policyId, name: 'IMG_0001.heic', mime_type: 'image/heic' },
        photo(14 * MB),
      );
      expect(await db.policyDocuments.get(id)).toMatchObject({
        size: 14 * MB,
        mime_type: 'image/heic',
      });
      expect(await db.documentFiles.get(id)).toMatchObject({ upload: 'compress' });
      expect(await db.outbox.count()).toBe(0);

      // Renamed meanwhile: the name waits with the row, not as a change of nothing.
      await repo.renameDocument(id, 'Hospital card');
      expect(await db.outbox.count()).toBe(0);

      expect(await repo.storeCompressedPhoto(id, jpeg(900 * 1024))).toBe('queued');
      expect(await db.policyDocuments.get(id)).toMatchObject({
        name: 'Hospital card',
        size: 900 * 1024,
        mime_type: 'image/jpeg',
      });
      const stored = await db.documentFiles.get(id);
      expect(stored).toMatchObject({ upload: 'pending', attempts: 0 });
      expect(stored?.blob.size).toBe(900 * 1024);
      expect((await db.outbox.toArray()).map((o) => o.row)).toEqual([
        {
          id,
          policy_id: policyId,
          name: 'Hospital card',
          mime_type: 'image/jpeg',
          size: 900 * 1024,
          created_at: expect.any(String),
        },
      ]);
      // Only once: a second answer (another tab's queue) changes nothing.
      expect(await repo.storeCompressedPhoto(id, jpeg(800 * 1024))).toBe('gone');
      expect(await db.outbox.count()).toBe(1);

      // Still a document's limits for anything else.
      await expect(
        repo.addDocument(
          { policy_id: policyId, name: 'x.pdf', mime_type: 'application/pdf' },
          new Blob([new Uint8Array(11 * MB)], { type: 'application/pdf' }),
        ),
      ).rejects.toBeInstanceOf(ZodError);
      await expect(
        repo.addDocument(
          { policy_id: policyId, name: 'huge.jpg', mime_type: 'image/jpeg' },
          new Blob([new Uint8Array(41 * MB)], { type: 'image/jpeg' }),
        ),
      ).rejects.toBeInstanceOf(ZodError);
    });

    it('keeps the original as it is when compression failed and it fits, with its own type', async () => {
      const { db, repo, policyId } = await setup();
      const id = await repo.addDocument(
        { policy_id: policyId, name: 'IMG_0002.heic', mime_type: 'image/heic' },
        photo(3 * MB),
      );
      expect(await repo.storeCompressedPhoto(id, null)).toBe('queued');
      expect((await db.outbox.toArray())[0]?.row).toMatchObject({
        mime_type: 'image/heic',
        size: 3 * MB,
      });
      expect(await db.documentFiles.get(id)).toMatchObject({ upload: 'pending' });
    });

    it('drops a photo deleted, or whose policy was deleted, while it was being compressed', async () => {
      const { db, repo, policyId } = await setup();
      const deleted = await repo.addDocument(
        { policy_id: policyId, name: 'a.jpg', mime_type: 'image/jpeg' },
        photo(2 * MB),
      );
      await repo.deleteDocument(deleted);
      expect(await db.policyDocuments.get(deleted)).toBeUndefined();
      expect(await db.outbox.count()).toBe(0);
      expect(await repo.storeCompressedPhoto(deleted, jpeg(1000))).toBe('gone');

      const orphan = await repo.addDocument(
        { policy_id: policyId, name: 'b.jpg', mime_type: 'image/jpeg' },
        photo(2 * MB),
      );
      await repo.deletePolicy(policyId);
      expect(await repo.storeCompressedPhoto(orphan, jpeg(1000))).toBe('gone');
      expect(await db.policyDocuments.get(orphan)).toBeUndefined();
      expect(await db.documentFiles.get(orphan)).toBeUndefined();
      expect(await db.outbox.where('table').equals('policy_documents').count()).toBe(0);
    });
  });
});
