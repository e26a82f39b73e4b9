// The app's document upload queue (src/sync/files.ts) against the local server with the real
// supabase-js client (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a file attached
// offline waits for the network and for its row, a failed upload is retried with backoff, a
// restarted queue resumes, a second device downloads the file when opened and keeps it, another
// account is refused, and deleting the document removes the stored file. A large photo is
// stored as chosen and made smaller before it goes up: never the original in its place, again
// after a restart mid-way, and kept as it is (or on the device only) when compression fails.
import { afterEach, expect, it, vi } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../../../server/index.ts';
import { forEachDatabase, realtimeTransport } from '../../helpers/server';
import {
  startFileTransfers,
  type CompressPhoto,
  type FileTransfers,
} from '../../../src/sync/files';
import {
  closeDevice,
  createDevice,
  flushUntilIdle,
  policyInput,
  signUpUser,
  type Device,
  type TestUser,
} from '../sync/harness';
import { BUCKET, documentsServer } from './fixtures';
import { MAX_COMPRESS_ATTEMPTS } from '../../../src/domain/documents';

/** A network the test can cut, and a server that can answer one upload with a 503. */
interface Network {
  online: boolean;
  failNextUploads: number;
  uploads: number;
}

async function filesClient(
  server: RunningServer,
  user: TestUser,
  network: Network,
): Promise<SupabaseClient> {
  const flaky: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/storage/v1/')) return fetch(input, init);
    if (!network.online) throw new TypeError('fetch failed');
    if (url.includes('/object/') && init?.method === 'POST') {
      network.uploads += 1;
      if (network.failNextUploads > 0) {
        network.failNextUploads -= 1;
        return new Response(
          JSON.stringify({ statusCode: '503', error: 'Unavailable', message: 'Try later' }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        );
      }
    }
    return fetch(input, init);
  };
  const client = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: flaky },
    realtime: { transport: realtimeTransport },
  });
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(`sign in failed: ${error.message}`);
  return client;
}

const MB = 1024 * 1024;
/** What the stand-in compressor makes of any photo. */
const COMPRESSED_BYTES = 400 * 1024;

/** A compressor the test steers: makes a small JPEG, fails, or runs until the queue stops. */
function fakeCompressor() {
  const state = { mode: 'shrink' as 'shrink' | 'fail' | 'hang', calls: 0 };
  const compress: CompressPhoto = (_photo, _name, _mime, signal) => {
    state.calls += 1;
    if (state.mode === 'fail') return Promise.reject(new Error('The photo could not be decoded'));
    if (state.mode === 'hang') {
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Stopped', 'AbortError')), {
          once: true,
        });
      });
    }
    return Promise.resolve({
      blob: new Blob([new Uint8Array(COMPRESSED_BYTES).fill(7)], { type: 'image/jpeg' }),
      mime: 'image/jpeg',
    });
  };
  return Object.assign(state, { compress });
}

/** A camera photo as the file input gives it: large, so the device compresses it. */
const photo = (bytes: number) => new Blob([new Uint8Array(bytes).fill(1)], { type: 'image/jpeg' });

forEachDatabase('the document upload queue', documentsServer, (ctx) => {
  const devices: Device[] = [];
  const queues: FileTransfers[] = [];
  afterEach(() => {
    for (const q of queues.splice(0)) q.stop();
    for (const d of devices.splice(0)) closeDevice(d);
  });

  async function device(user: TestUser, name: string) {
    const d = await createDevice(ctx.server, user, name);
    devices.push(d);
    const network: Network = { online: true, failNextUploads: 0, uploads: 0 };
    const client = await filesClient(ctx.server, user, network);
    const compressor = fakeCompressor();
    let clock = new Date('2030-01-01T00:00:00Z');
    const startQueue = () => {
      const q = startFileTransfers({
        userId: user.id,
        db: d.db,
        repo: d.repo,
        compress: compressor.compress,
        getClient: () => Promise.resolve(client),
        online: () => network.online,
        now: () => clock,
        random: () => 1,
        autoStart: false,
      });
      queues.push(q);
      return q;
    };
    return {
      ...d,
      network,
      compressor,
      files: startQueue(),
      startQueue,
      advance(ms: number) {
        clock = new Date(clock.getTime() + ms);
      },
    };
  }

  const stored = async (path: string) => {
    const { data, error } = await ctx.service().storage.from(BUCKET).download(path);
    return error ? null : await data.text();
  };

  const storedBytes = async (path: string) => {
    const { data, error } = await ctx.service().storage.from(BUCKET).download(path);
    return error ? null : data.size;
  };

  const serverRow = async (id: string) => {
    const { data, error } = await ctx
      .service()
      .from('policy_documents')
      .select('name, mime_type, size')
      .eq('id', id)
      .maybeSingle();
    if (error) throw new Error(error.message);
    return data as { name: string; mime_type: string; size: number } | null;
  };

  it('stores a large photo as chosen, and uploads only the compressed copy, also after a restart mid-way', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await device(user, 'phone');
    const policyId = await phone.repo.savePolicy(policyInput());
    await flushUntilIdle(phone);

    // Attached: on the device at once, as chosen; nothing about it is queued for the server.
    const original = photo(5 * MB);
    const docId = await phone.repo.addDocument(
      { policy_id: policyId, name: 'Photo 25 Nov 2026, 9:30 am', mime_type: 'image/jpeg' },
      original,
    );
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({
      upload: 'compress',
      attempts: 0,
    });
    expect((await phone.db.documentFiles.get(docId))?.blob.size).toBe(5 * MB);
    expect((await phone.files.open(docId)).size).toBe(5 * MB);
    expect(await phone.db.outbox.count()).toBe(0);

    // The queue starts compressing; the app closes mid-way. Nothing went up meanwhile.
    phone.compressor.mode = 'hang';
    const running = phone.files.run();
    await vi.waitFor(() => expect(phone.compressor.calls).toBe(1));
    // What a page closed (or crashed) at this point leaves behind: started once, still to do.
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({
      upload: 'compress',
      attempts: 1,
    });
    await flushUntilIdle(phone);
    expect(phone.network.uploads).toBe(0);
    expect(await serverRow(docId)).toBeNull();
    phone.files.stop();
    await running;
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({ upload: 'compress' });

    // Restarted: compressed again, the smaller copy replaces the original and goes up.
    phone.compressor.mode = 'shrink';
    const restarted = phone.startQueue();
    await restarted.run();
    expect(phone.compressor.calls).toBe(2);
    const compressed = await phone.db.documentFiles.get(docId);
    expect(compressed).toMatchObject({ upload: 'pending', attempts: 0 });
    expect(compressed?.blob.size).toBe(COMPRESSED_BYTES);
    expect(await phone.db.policyDocuments.get(docId)).toMatchObject({
      size: COMPRESSED_BYTES,
      mime_type: 'image/jpeg',
    });
    expect(phone.network.uploads).toBe(0);
    await flushUntilIdle(phone);
    await restarted.run();
    expect(phone.network.uploads).toBe(1);
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({ upload: 'done' });
    expect(await serverRow(docId)).toEqual({
      name: 'Photo 25 Nov 2026, 9:30 am',
      mime_type: 'image/jpeg',
      size: COMPRESSED_BYTES,
    });
    expect(await storedBytes(`${user.id}/${policyId}/${docId}`)).toBe(COMPRESSED_BYTES);
  });

  it('uploads a photo it cannot compress as it is when it fits 10 MB, and keeps a larger one on the device until Retry', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await device(user, 'phone');
    const policyId = await phone.repo.savePolicy(policyInput());
    phone.compressor.mode = 'fail';
    const fits = await phone.repo.addDocument(
      { policy_id: policyId, name: 'card.jpg', mime_type: 'image/jpeg' },
      photo(3 * MB),
    );
    const tooLarge = await phone.repo.addDocument(
      { policy_id: policyId, name: 'scan.jpg', mime_type: 'image/jpeg' },
      photo(12 * MB),
    );
    await phone.files.run();
    await flushUntilIdle(phone);
    await phone.files.run();

    // The one that fits went up as it was, its row saying so.
    expect(await phone.db.documentFiles.get(fits)).toMatchObject({ upload: 'done' });
    expect(await serverRow(fits)).toMatchObject({ size: 3 * MB });
    expect(await storedBytes(`${user.id}/${policyId}/${fits}`)).toBe(3 * MB);

    // The other stays on this device, says why, and never reaches the server.
    const kept = await phone.db.documentFiles.get(tooLarge);
    expect(kept).toMatchObject({
      upload: 'compress',
      last_error: { id: 'documents.kept.notSmaller' },
    });
    expect(kept?.blob.size).toBe(12 * MB);
    expect(await serverRow(tooLarge)).toBeNull();
    expect(phone.network.uploads).toBe(1);
    // Not tried again by itself.
    await phone.files.run();
    expect(phone.compressor.calls).toBe(2);

    // Retry compresses it again; this time it works, and the compressed copy goes up.
    phone.compressor.mode = 'shrink';
    await phone.files.retry(tooLarge);
    await flushUntilIdle(phone);
    await phone.files.run();
    expect(await phone.db.documentFiles.get(tooLarge)).toMatchObject({ upload: 'done' });
    expect(await serverRow(tooLarge)).toMatchObject({ size: COMPRESSED_BYTES });
  });

  it('takes a photo as it is after compressions that never finished, rather than trying forever', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await device(user, 'phone');
    const policyId = await phone.repo.savePolicy(policyInput());
    const docId = await phone.repo.addDocument(
      { policy_id: policyId, name: 'card.jpg', mime_type: 'image/jpeg' },
      photo(2 * MB),
    );
    // As left by three starts that each ended with the page (out of memory, say).
    await phone.db.documentFiles.update(docId, { attempts: MAX_COMPRESS_ATTEMPTS });
    await phone.files.run();
    expect(phone.compressor.calls).toBe(0);
    await flushUntilIdle(phone);
    await phone.files.run();
    expect(await serverRow(docId)).toMatchObject({ size: 2 * MB });
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({ upload: 'done' });
  });

  it('uploads a file attached offline once online, retrying a failure, and a second device opens it', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await device(user, 'phone');

    // Offline: the policy, the document and its file are saved on the phone only.
    phone.network.online = false;
    phone.setFaults(() => 'drop');
    const policyId = await phone.repo.savePolicy(policyInput());
    const pdf = new Blob(['%PDF-1.4 hospital e-card'], { type: 'application/pdf' });
    const docId = await phone.repo.addDocument(
      { policy_id: policyId, name: 'E-card.pdf', mime_type: 'application/pdf' },
      pdf,
    );
    await phone.engine.flush();
    await phone.files.run();
    expect(phone.network.uploads).toBe(0);
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({
      upload: 'pending',
      attempts: 0,
    });

    // Online, but the row is not on the server yet: the file waits for it.
    phone.network.online = true;
    await phone.files.run();
    expect(phone.network.uploads).toBe(0);

    // The row lands; the first upload meets a 503 and backs off.
    phone.setFaults(() => 'ok');
    await flushUntilIdle(phone);
    phone.network.failNextUploads = 1;
    await phone.files.run();
    expect(phone.network.uploads).toBe(1);
    const failed = await phone.db.documentFiles.get(docId);
    expect(failed).toMatchObject({
      upload: 'pending',
      attempts: 1,
      last_error: { id: 'documents.upload.notTaken', values: { detail: 'Try later' } },
      retry_at: '2030-01-01T00:00:02.000Z',
    });
    const path = `${user.id}/${policyId}/${docId}`;
    expect(await stored(path)).toBeNull();

    // Not before its time; then it goes, and the phone keeps its copy.
    await phone.files.run();
    expect(phone.network.uploads).toBe(1);
    phone.advance(2_000);
    await phone.files.run();
    expect(phone.network.uploads).toBe(2);
    expect(await stored(path)).toBe('%PDF-1.4 hospital e-card');
    const done = await phone.db.documentFiles.get(docId);
    expect(done).toMatchObject({ upload: 'done', attempts: 0, retry_at: null });
    expect(done?.last_error).toBeUndefined();
    expect(await done?.blob.text()).toBe('%PDF-1.4 hospital e-card');

    // The laptop learns of the document by its pull and fetches the file only when opened.
    const laptop = await device(user, 'laptop');
    await flushUntilIdle(laptop);
    expect(await laptop.db.policyDocuments.get(docId)).toMatchObject({ name: 'E-card.pdf' });
    expect(await laptop.db.documentFiles.count()).toBe(0);
    const opened = await laptop.files.open(docId);
    expect(opened.type).toBe('application/pdf');
    expect(await opened.text()).toBe('%PDF-1.4 hospital e-card');
    // Kept for offline: opened again with the network gone.
    laptop.network.online = false;
    expect(await (await laptop.files.open(docId)).text()).toBe('%PDF-1.4 hospital e-card');
  });

  it('resumes after a restart, and refuses a file the bucket will never take until Retry', async () => {
    const user = await signUpUser(ctx.server);
    const phone = await device(user, 'phone');
    const policyId = await phone.repo.savePolicy(policyInput());
    const docId = await phone.repo.addDocument(
      { policy_id: policyId, name: 'Scan.png', mime_type: 'image/png' },
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
    );
    await flushUntilIdle(phone);
    // The app closed before its queue ran; a new one, as after a restart, picks the file up.
    phone.files.stop();
    const restarted = phone.startQueue();
    await restarted.run();
    expect(await phone.db.documentFiles.get(docId)).toMatchObject({ upload: 'done' });
    expect(await stored(`${user.id}/${policyId}/${docId}`)).not.toBeNull();

    // A row whose type the file does not match: the bucket refuses it (415) for good.
    const bad = await phone.repo.addDocument(
      { policy_id: policyId, name: 'Odd.pdf', mime_type: 'application/pdf' },
      new Blob(['x']),
    );
    await flushUntilIdle(phone);
    await phone.db.policyDocuments.update(bad, { mime_type: 'text/plain' as 'application/pdf' });
    await restarted.run();
    const refused = await phone.db.documentFiles.get(bad);
    expect(refused).toMatchObject({ upload: 'failed', attempts: 1 });
    expect(refused?.last_error).toMatchObject({
      id: expect.stringMatching(/^documents\.upload\.(wrongType|notTaken)$/) as string,
    });
    phone.advance(60 * 60_000);
    const before = phone.network.uploads;
    await restarted.run();
    expect(phone.network.uploads).toBe(before);

    // Retry sends it again at once (the row's type put right in the meantime).
    await phone.db.policyDocuments.update(bad, { mime_type: 'application/pdf' });
    await restarted.retry(bad);
    expect(await phone.db.documentFiles.get(bad)).toMatchObject({ upload: 'done' });
  });

  it('another account cannot fetch the file; deleting the document removes it', async () => {
    const owner = await signUpUser(ctx.server);
    const phone = await device(owner, 'phone');
    const policyId = await phone.repo.savePolicy(policyInput());
    const docId = await phone.repo.addDocument(
      { policy_id: policyId, name: 'E-card.pdf', mime_type: 'application/pdf' },
      new Blob(['%PDF-1.4 private'], { type: 'application/pdf' }),
    );
    await flushUntilIdle(phone);
    await phone.files.run();
    const path = `${owner.id}/${policyId}/${docId}`;
    expect(await stored(path)).toBe('%PDF-1.4 private');

    const stranger = await signUpUser(ctx.server);
    const strangerClient = await filesClient(ctx.server, stranger, {
      online: true,
      failNextUploads: 0,
      uploads: 0,
    });
    const refused = await strangerClient.storage.from(BUCKET).download(path);
    expect(refused.data).toBeNull();
    expect(refused.error).not.toBeNull();

    await phone.repo.deleteDocument(docId);
    expect(await phone.db.documentFiles.get(docId)).toBeUndefined();
    await flushUntilIdle(phone);
    await ctx.server.runDocumentCleanup();
    expect(await stored(path)).toBeNull();
  });
});
