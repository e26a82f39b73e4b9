// Policy documents (issue 17) in the built app: attached offline, viewed after an offline
// reload, uploaded once online, opened on a second device, and out of reach of another account.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays } from '@/domain/policy';
import { PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES } from '@/domain/documents';
import { cameraPhoto, chooseFile, onePagePdf } from '../../scripts/bench/document-files';
import {
  addPolicyOnServer,
  createUser,
  E2E_PASSWORD,
  signInAt,
  uniqueEmail,
} from './helpers/accounts';
import {
  openBrowser,
  viewports,
  watchCspViolations,
  type BrowserSession,
  waitForServiceWorker,
} from './helpers/browser';

const sessions: BrowserSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function browser(): Promise<BrowserSession> {
  const session = await openBrowser(viewports.phone);
  sessions.push(session);
  return session;
}

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const BUCKET = 'policy-documents';

function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

interface ServerDocument {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  storage_path: string;
  deleted_at: string | null;
}

async function serverDocuments(policyId: string): Promise<ServerDocument[]> {
  const key = inject('serviceRoleKey');
  const response = await fetch(
    `${inject('apiUrl')}/rest/v1/policy_documents?policy_id=eq.${policyId}&select=id,name,mime_type,size,storage_path,deleted_at&order=name`,
    { headers: { apikey: key, Authorization: `Bearer ${key}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ServerDocument[];
}

/** A stored object as Storage gives it to `token` (the service key by default). */
function storageGet(path: string, token = inject('serviceRoleKey'), apikey = token) {
  return fetch(`${inject('apiUrl')}/storage/v1/object/authenticated/${BUCKET}/${path}`, {
    headers: { apikey, Authorization: `Bearer ${token}` },
  });
}

async function accessToken(email: string): Promise<string> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: E2E_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function documentItem(page: Page, name: RegExp | string) {
  return page
    .getByRole('region', { name: 'Documents' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: typeof name === 'string' ? `Open ${name}` : name }),
    });
}

const PHOTO = /^Open Photo /;

/**
 * Lets the test hold back the answers of the page's workers (window.__holdWorkers), as if the
 * compressor were still busy when the app closed; a reload starts without the hold. Plain
 * JavaScript text, because tsx would wrap a function's inner names in a helper the page does
 * not have.
 */
const holdableWorkers = `
(() => {
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (window.__holdWorkers) event.stopImmediatePropagation();
      });
    }
  };
})();
`;
const PDF_NAME = 'policy-schedule.pdf';

/** Opens the photo and waits for the viewer to show it decoded; returns its natural size. */
async function viewPhoto(page: Page): Promise<{ width: number; height: number }> {
  await page.getByRole('button', { name: PHOTO }).click();
  const dialog = page.getByRole('dialog', { name: /^Photo / });
  await dialog.waitFor();
  const image = dialog.getByRole('img', { name: /^Photo / });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const size = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
    src: img.src,
  }));
  expect(size.src).toMatch(/^blob:/);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return { width: size.width, height: size.height };
}

/** Opens the PDF: a new tab on a blob: URL that the browser shows as a PDF. */
async function viewPdf(page: Page, context: BrowserContext): Promise<void> {
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Open ${PDF_NAME}`, exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(new RegExp(`^blob:${new URL(page.url()).origin}/`));
  expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
  // Chromium's PDF viewer took it (the app's CSP, which the blob: document inherits, let it).
  await expect
    .poll(() =>
      tab.frames().some((frame) => /^chrome-extension:\/\/[a-z]+\/index\.html$/.test(frame.url())),
    )
    .toBe(true);
  await tab.close();
}

describe('policy documents', () => {
  it('a camera photo and a PDF attached offline are viewable after an offline reload, upload once online, open on another device, and stay private', async () => {
    const email = uniqueEmail('documents');
    const userId = await createUser(email);
    const policyId = randomUUID();
    const today = browserToday();
    await addPolicyOnServer(userId, {
      id: policyId,
      policy_type_id: HEALTH,
      insurer_name: 'Star Health',
      policy_number: 'SH-17',
      start_date: addDays(today, -30),
      next_renewal_date: addDays(today, 335),
    });

    const first = await browser();
    const violations = await watchCspViolations(first);
    const { page, context } = first;
    await context.addInitScript({ content: holdableWorkers });
    await signInAt(first, '/policy-tracker', email);
    await page
      .getByRole('article', { name: 'Star Health', exact: true })
      .getByRole('link', { name: 'Star Health' })
      .click();
    await page.waitForURL((url) => url.pathname === `/policy-tracker/${policyId}`);
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await page.getByText('No documents yet.', { exact: false }).waitFor();

    // Offline from here, with the service worker answering: the compressor's and the viewer's
    // chunks have not loaded yet, so they must come from its cache (the tracker's code, kept
    // since the tracker was first opened online).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await waitForServiceWorker(page);
    await context.setOffline(true);

    // The photo is made smaller in the bundled module worker, not on the main thread (its
    // fallback, which would load the library into the page), after it is stored.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const pageScripts: string[] = [];
    page.on('request', (request) => pageScripts.push(new URL(request.url()).pathname));
    const photo = await cameraPhoto(page);
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    const pdf = onePagePdf('Star Health policy schedule SH-17');
    // Stored as chosen at once, and made smaller afterwards. The compressor's answer is held
    // back and the page reloaded meanwhile (as when the app is closed mid-way): the next start
    // compresses it again.
    await page.evaluate(() => {
      (window as unknown as { __holdWorkers: boolean }).__holdWorkers = true;
    });
    await chooseFile(page, 'Add photo', {
      name: 'IMG_20261125_093000.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByText('1 document saved on this device.').waitFor({ timeout: 30_000 });
    await documentItem(page, PHOTO)
      .getByText('Saved on this device — preparing it for upload…')
      .waitFor();
    await expect.poll(() => workers.length, { timeout: 30_000 }).toBe(1);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await documentItem(page, PHOTO)
      .getByText('Saved on this device — uploads when you are online')
      .waitFor({ timeout: 60_000 });
    expect(workers).toEqual([
      expect.stringMatching(/^\/assets\/compress\.worker-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/compress\.worker-[\w-]+\.js$/),
    ]);
    expect(pageScripts.filter((path) => path.includes('browser-image-compression'))).toEqual([]);
    await chooseFile(page, 'Add file', {
      name: PDF_NAME,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await documentItem(page, PDF_NAME).waitFor();
    for (const item of [documentItem(page, PHOTO), documentItem(page, PDF_NAME)]) {
      await item.getByText('Saved on this device — uploads when you are online').waitFor();
    }

    // Reloaded offline, both are there and open from the device.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await documentItem(page, PHOTO)
      .getByText('Saved on this device — uploads when you are online')
      .waitFor();
    const viewed = await viewPhoto(page);
    // 4000 × 3000 in, the long side brought to 2560 px: smaller, and still legible.
    expect(viewed).toEqual({ width: PHOTO_MAX_SIDE, height: (PHOTO_MAX_SIDE * 3) / 4 });
    await viewPdf(page, context);

    // Online: both go up, and the server holds what the device stored.
    await context.setOffline(false);
    for (const item of [documentItem(page, PHOTO), documentItem(page, PDF_NAME)]) {
      await item.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    }
    const docs = await serverDocuments(policyId);
    expect(docs.map((d) => [d.mime_type, d.deleted_at])).toEqual([
      ['image/jpeg', null],
      ['application/pdf', null],
    ]);
    const [photoDoc, pdfDoc] = docs;
    if (!photoDoc || !pdfDoc) throw new Error('the documents are not on the server');
    expect(photoDoc.storage_path).toBe(`${userId}/${policyId}/${photoDoc.id}`);
    const storedPhoto = Buffer.from(await (await storageGet(photoDoc.storage_path)).arrayBuffer());
    // Compressed on the device to about 1.5 MB or less, and still a JPEG.
    expect(storedPhoto.length).toBe(photoDoc.size);
    expect(storedPhoto.length).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect([...storedPhoto.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const storedPdf = Buffer.from(await (await storageGet(pdfDoc.storage_path)).arrayBuffer());
    expect(storedPdf.equals(pdf)).toBe(true);
    expect(violations).toEqual([]);

    // Another device of the same account downloads the photo when it is opened, and keeps it.
    const second = await browser();
    await signInAt(second, '/policy-tracker', email);
    await second.goto(`/policy-tracker/${policyId}`);
    await documentItem(second.page, PHOTO)
      .getByText('On your other device — downloads when you open it')
      .waitFor({ timeout: 20_000 });
    expect(await viewPhoto(second.page)).toEqual(viewed);
    await viewPdf(second.page, second.context);
    await second.context.setOffline(true);
    expect(await viewPhoto(second.page)).toEqual(viewed);
    await viewPdf(second.page, second.context);

    // Another account gets Storage's "not found" for the same address, read or listed.
    const stranger = uniqueEmail('documents-stranger');
    await createUser(stranger);
    const token = await accessToken(stranger);
    for (const doc of docs) {
      const response = await storageGet(doc.storage_path, token, inject('anonKey'));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '404' });
    }
    const listed = await fetch(`${inject('apiUrl')}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: {
        apikey: inject('anonKey'),
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefix: `${userId}/${policyId}` }),
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
  }, 240_000);
});
