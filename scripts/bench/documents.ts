// Issue 17's figures: how long a 5 MB camera photo takes from being chosen to being stored on
// the device on a phone-class CPU, then until the upload queue has made it smaller in the
// background and (online) until it is uploaded, and how fast the app uploads a document to
// the local server.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { RunningServer } from '../../server/index.ts';
import { benchBrowser } from './browser.ts';
import { cameraPhoto, chooseFile, onePagePdf } from './document-files.ts';

const PASSWORD = 'bench-password-1';
const HEALTH_TYPE = '6f1a0c2e-0000-4000-8000-000000000002';
/** Design §8's phone-class profile, as Lighthouse's mobile preset: 4× slower CPU. */
export const CPU_SLOWDOWN = 4;
const PHOTO_RUNS = 5;
const FALLBACK_RUNS = 3;
const ONLINE_PHOTO_RUNS = 3;
const UPLOAD_RUNS = 3;
/** Just under the 10 MB limit: a scanned PDF, the largest file the queue carries. */
const UPLOAD_BYTES = 9 * 1024 * 1024;

export interface AttachRun {
  /** File input's change event → the document in the list (stored in IndexedDB), in the page. */
  storedMs: number;
  /** Change → the item no longer says it is being prepared (compressed, the copy swapped in). */
  compressedMs: number;
  /** Change → the item says Uploaded; only for runs made online. */
  uploadedMs: number | null;
  /** Worker made → its answer (startup and compression, on the worker's thread); 0 without one. */
  workerMs: number;
}

export interface DocumentsReport {
  photoBytes: number;
  /** Offline, the compressor in its module worker, the page's main thread slowed 4×. */
  attach: AttachRun[];
  /** Browsers without OffscreenCanvas (Safari before 16.4): all on the main thread, slowed 4×. */
  attachMainThread: AttachRun[];
  /** Online, as attach: chosen → stored → compressed → row synced → uploaded. */
  attachOnline: AttachRun[];
  upload: { bytes: number; ms: number }[];
}

/**
 * Watches the documents list from outside (no bench hooks in the app): when a file input
 * changes, when the list's item count changes (after the next frame), when an item stops
 * saying it is being prepared, and when one says it is uploading or uploaded. Plain
 * JavaScript text, because tsx would wrap a function's inner names in a helper the page does
 * not have.
 */
const watchDocuments = `
(() => {
  const bench = { changes: [], counts: [], prepared: [], uploading: [], uploaded: [], workers: [] };
  window.__benchDocuments = bench;
  // When the compressor's worker is made and when it answers, in the page's clock.
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      const entry = { created: performance.now(), answered: null };
      bench.workers.push(entry);
      this.addEventListener('message', () => { entry.answered = performance.now(); }, { once: true });
    }
  };
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
      bench.changes.push(performance.now());
    }
  }, true);
  let last = -1;
  let preparing = 0;
  let uploading = 0;
  let uploaded = 0;
  const look = () => {
    const section = document.querySelector('section[aria-labelledby^="documents-"]');
    if (!section) return;
    const items = section.querySelectorAll('li');
    const text = [...items].map((li) => li.textContent);
    const nowPreparing = text.filter((t) => t.includes('preparing it for upload')).length;
    for (; preparing > nowPreparing; preparing -= 1) bench.prepared.push(performance.now());
    preparing = nowPreparing;
    const nowUploading = text.filter((t) => t.includes('Uploading')).length;
    const nowUploaded = text.filter((t) => t.includes('Uploaded')).length;
    // One entry per item that turned, so several at once count as several.
    for (; uploading < nowUploading; uploading += 1) bench.uploading.push(performance.now());
    uploading = nowUploading;
    for (; uploaded < nowUploaded; uploaded += 1) bench.uploaded.push(performance.now());
    uploaded = nowUploaded;
    if (items.length === last) return;
    last = items.length;
    const count = items.length;
    requestAnimationFrame(() => {
      setTimeout(() => bench.counts.push({ at: performance.now(), count }), 0);
    });
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

interface WatchState {
  changes: number[];
  workers: { created: number; answered: number | null }[];
  counts: { at: number; count: number }[];
  prepared: number[];
  uploading: number[];
  uploaded: number[];
}

function watchState(page: Page): Promise<WatchState> {
  return page.evaluate(
    () => (window as unknown as { __benchDocuments: WatchState }).__benchDocuments,
  );
}

async function seedPolicy(api: RunningServer): Promise<{ email: string; policyId: string }> {
  const email = `bench-documents-${Date.now()}@example.com`;
  const response = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const policyId = randomUUID();
  await api.query(
    `insert into public.policies (id, user_id, policy_type_id, insurer_name, policy_number,
       start_date, next_renewal_date, renewal_frequency)
     values ($1::uuid, $2::uuid, $3::uuid, 'Star Health', 'BENCH-17', current_date - 30,
       current_date + 335, 'yearly')`,
    [policyId, user.id, HEALTH_TYPE],
  );
  return { email, policyId };
}

async function throttle(context: BrowserContext, page: Page, rate: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

function waitForMore(page: Page, key: 'prepared' | 'uploaded', than: number): Promise<unknown> {
  return page.waitForFunction(
    ([k, n]) =>
      (window as unknown as { __benchDocuments: WatchState }).__benchDocuments[k].length > n,
    [key, than] as const,
    { timeout: 180_000 },
  );
}

/**
 * Attaches the photo and waits for the list to hold one more document, then for it to be
 * made smaller, and (online) uploaded, before the next run starts.
 */
async function attachPhoto(page: Page, photo: Buffer, online = false): Promise<AttachRun> {
  const before = await watchState(page);
  const expected = (before.counts.at(-1)?.count ?? 0) + 1;
  await chooseFile(page, 'Add photo', {
    name: 'IMG_20261125_093000.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await page.waitForFunction(
    (n) =>
      (window as unknown as { __benchDocuments: WatchState }).__benchDocuments.counts.some(
        (c) => c.count === n,
      ),
    expected,
  );
  await waitForMore(page, 'prepared', before.prepared.length);
  if (online) await waitForMore(page, 'uploaded', before.uploaded.length);
  const after = await watchState(page);
  const changedAt = after.changes.at(-1);
  const storedAt = after.counts.find((c) => c.count === expected)?.at;
  const compressedAt = after.prepared[before.prepared.length];
  const uploadedAt = after.uploaded[before.uploaded.length];
  if (changedAt === undefined || storedAt === undefined || compressedAt === undefined) {
    throw new Error('attach not observed');
  }
  const worker = after.workers.slice(before.workers.length)[0];
  return {
    storedMs: storedAt - changedAt,
    compressedMs: compressedAt - changedAt,
    uploadedMs: online && uploadedAt !== undefined ? uploadedAt - changedAt : null,
    workerMs: worker?.answered ? worker.answered - worker.created : 0,
  };
}

async function openPolicyPage(page: Page, baseUrl: string, policyId: string): Promise<void> {
  await page.goto(new URL(`/policy-tracker/${policyId}`, baseUrl).toString());
  await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
  await page.getByRole('button', { name: 'Add photo', exact: true }).waitFor();
}

let current = '';
function step(name: string): void {
  current = name;
  console.log(`  documents: ${name}`);
}

export async function measureDocuments(
  baseUrl: string,
  api: RunningServer,
): Promise<DocumentsReport> {
  const { email, policyId } = await seedPolicy(api);
  const { context, close } = await benchBrowser();
  await context.addInitScript({ content: watchDocuments });
  const report: DocumentsReport = {
    photoBytes: 0,
    attach: [],
    attachMainThread: [],
    attachOnline: [],
    upload: [],
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(120_000);
    step('signing in');
    await page.goto(new URL('/policy-tracker', baseUrl).toString());
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    await page.getByRole('article', { name: 'Star Health', exact: true }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await openPolicyPage(page, baseUrl, policyId);
    const photo = await cameraPhoto(page);
    report.photoBytes = photo.length;

    // Offline, as at a hospital, and so that no upload competes with the measured attach.
    step(
      `attaching a ${(photo.length / 2 ** 20).toFixed(1)} MB photo, CPU ${CPU_SLOWDOWN}× slower`,
    );
    await context.setOffline(true);
    const cdp = await throttle(context, page, CPU_SLOWDOWN);
    for (let i = 0; i < PHOTO_RUNS; i += 1) report.attach.push(await attachPhoto(page, photo));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Safari before 16.4 has no OffscreenCanvas in workers: the compressor runs in the page.
    step('the same on the main thread (no OffscreenCanvas)');
    const fallback = await context.newPage();
    fallback.setDefaultTimeout(120_000);
    await fallback.addInitScript({ content: 'delete globalThis.OffscreenCanvas;' });
    await openPolicyPage(fallback, baseUrl, policyId);
    const fallbackCdp = await throttle(context, fallback, CPU_SLOWDOWN);
    for (let i = 0; i < FALLBACK_RUNS; i += 1) {
      report.attachMainThread.push(await attachPhoto(fallback, photo));
    }
    await fallbackCdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await fallback.close();

    step('uploading the photos attached offline (CPU not slowed)');
    await context.setOffline(false);
    await openPolicyPage(page, baseUrl, policyId);
    const photos = PHOTO_RUNS + FALLBACK_RUNS;
    await page.waitForFunction(
      (n) =>
        (window as unknown as { __benchDocuments: WatchState }).__benchDocuments.uploaded.length >=
        n,
      photos,
      { timeout: 180_000 },
    );

    // Online: the whole way, chosen → stored → compressed → row synced → uploaded.
    step(`attaching the photo online until uploaded, CPU ${CPU_SLOWDOWN}× slower`);
    const onlineCdp = await throttle(context, page, CPU_SLOWDOWN);
    for (let i = 0; i < ONLINE_PHOTO_RUNS; i += 1) {
      report.attachOnline.push(await attachPhoto(page, photo, true));
    }
    await onlineCdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    step('uploading 9 MB PDFs (CPU not slowed)');
    for (let i = 0; i < UPLOAD_RUNS; i += 1) {
      const pdf = onePagePdf(`Scanned schedule ${i + 1}`, UPLOAD_BYTES);
      const before = await watchState(page);
      await chooseFile(page, 'Add file', {
        name: `scan-${i + 1}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await page.waitForFunction(
        (n) =>
          (window as unknown as { __benchDocuments: WatchState }).__benchDocuments.uploaded
            .length >= n,
        before.uploaded.length + 1,
      );
      const after = await watchState(page);
      const started = after.uploading.slice(before.uploading.length)[0];
      const ended = after.uploaded.slice(before.uploaded.length)[0];
      if (started === undefined || ended === undefined) throw new Error('upload not observed');
      report.upload.push({ bytes: pdf.length, ms: ended - started });
    }
  } catch (error) {
    throw new Error(`${current}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await close();
  }
  return report;
}
