// Issue 14, item 6: the built app under its own Content Security Policy. Walks the main journeys
// and fails on any violation the browser reports, and checks the headers every response carries.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveDist, type StaticServer } from '../../server/static';
import {
  openBrowser,
  viewports,
  watchCspViolations,
  waitForServiceWorker,
  type BrowserSession,
} from './helpers/browser';

let session: BrowserSession | undefined;
let extraServer: StaticServer | undefined;
let extraDir: string | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
  await extraServer?.close();
  extraServer = undefined;
  if (extraDir) rmSync(extraDir, { recursive: true, force: true });
  extraDir = undefined;
});

/** A browser that records every CSP violation (see watchCspViolations). */
async function watchedBrowser(
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ session: BrowserSession; page: Page; violations: string[] }> {
  session = await openBrowser(viewport);
  const violations = await watchCspViolations(session);
  return { session, page: session.page, violations };
}

async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** What `sha256-…` a CSP needs for each classic or module script written inline in `html`. */
function inlineHashes(html: string): string[] {
  return [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `sha256-${createHash('sha256').update(body).digest('base64')}`,
  );
}

describe('security headers of the built app', () => {
  it.each([
    ['/', 'a pre-rendered page'],
    ['/what-is-bima-sugam', 'a pre-rendered guide'],
    ['/policy-tracker', 'a client route (the shell)'],
    ['/sw.js', 'the service worker'],
    ['/manifest.webmanifest', 'the manifest'],
  ])('%s (%s) carries the whole set', async (path) => {
    const response = await fetch(new URL(path, inject('baseUrl')));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const api = new URL(inject('apiUrl'));
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${api.origin} ws://${api.host}`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=(self)');
  });

  it('every inline script of every pre-rendered page is allowed by hash, and nothing else is', async () => {
    const baseUrl = inject('baseUrl');
    const csp = (await fetch(baseUrl)).headers.get('content-security-policy') ?? '';
    const allowed = [...csp.matchAll(/'(sha256-[^']+)'/g)].map(([, hash]) => hash);
    expect(allowed.length).toBeGreaterThan(0);
    const pages = [
      '/',
      '/about',
      '/health-insurance',
      '/how-to/claims-on-bima-sugam',
      '/shell.html',
    ];
    const needed = new Set<string>();
    for (const path of pages) {
      for (const hash of inlineHashes(await (await fetch(new URL(path, baseUrl))).text())) {
        needed.add(hash);
      }
    }
    expect([...needed].sort()).toEqual([...new Set(allowed)].sort());
  });
});

describe('the main journeys under the CSP', () => {
  it('home and calculators, a guide, news, FAQ and glossary: no violation', async () => {
    const { session: s, page, violations } = await watchedBrowser(viewports.phone);
    await s.goto('/?calc=bmi');
    const panel = page.getByRole('tabpanel', { name: 'BMI Calculator' });
    await panel.getByLabel('Height (Feet)', { exact: true }).pressSequentially('5');
    await panel.getByLabel('Height (Inches) (optional)', { exact: true }).pressSequentially('9');
    await panel.getByLabel('Weight (kg)', { exact: true }).pressSequentially('70');
    await panel.getByRole('button', { name: 'Calculate' }).click();
    await panel.getByText('22.79', { exact: true }).waitFor();

    await s.goto('/what-is-bima-sugam');
    await page.getByRole('heading', { level: 1, name: 'What is Bima Sugam?' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');

    await s.goto('/news');
    await page.getByRole('heading', { level: 1, name: 'Insurance News' }).waitFor();
    await page.locator('main').getByRole('heading', { level: 2 }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/news/'));
    await page.getByRole('link', { name: 'Back to News' }).waitFor();

    await s.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await s.goto('/glossary');
    await page.getByRole('heading', { level: 1, name: 'Insurance Glossary' }).waitFor();
    await page.locator('main a[href="/glossary/idv"]').click();
    await page.getByRole('heading', { level: 2, name: 'Definition' }).waitFor();

    expect(violations).toEqual([]);
  });

  it('the service worker registers and takes control', async () => {
    const { session: s, page, violations } = await watchedBrowser(viewports.phone);
    await s.goto('/');
    await waitForServiceWorker(page);
    // Served by the worker from its precache now, with the headers it was cached with.
    await s.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About BimaGuide' }).waitFor();
    expect(violations).toEqual([]);
  }, 120_000);

  it('sign up, then add a policy in the tracker and sync it: no violation', async () => {
    const { session: s, page, violations } = await watchedBrowser();
    await s.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(`csp-${randomUUID()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForPath(page, '/policy-tracker');

    await page.getByRole('link', { name: 'Add New Policy' }).click();
    await waitForPath(page, '/policy-tracker/new');
    await page.getByRole('combobox', { name: 'Policy Type' }).click();
    await page.getByRole('option', { name: 'Health', exact: true }).click();
    await page.getByRole('textbox', { name: 'Insurer Name' }).fill('CSP Health');
    await page.getByRole('textbox', { name: 'Policy Number' }).fill('CSP-1');
    await page.getByRole('textbox', { name: 'Start Date' }).fill(typed(isoDate(-30)));
    await page.getByRole('textbox', { name: 'Next Renewal Date' }).fill(typed(isoDate(335)));
    await page.getByRole('textbox', { name: 'Next Renewal Date' }).press('Tab');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await toasts(page).getByText('Policy added successfully!', { exact: true }).waitFor();
    await waitForPath(page, '/policy-tracker');
    await page.getByRole('article', { name: 'CSP Health', exact: true }).waitFor();
    await page.getByText('All changes synced', { exact: true }).waitFor({ timeout: 20_000 });

    expect(violations).toEqual([]);
  }, 90_000);

  it('the admin signs in and sees live counts: no violation', async () => {
    const { session: s, page, violations } = await watchedBrowser();
    await s.goto('/admin-login');
    await page.getByLabel('Email', { exact: true }).fill(inject('adminEmail'));
    await page.getByLabel('Password', { exact: true }).fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/admin');
    await page.getByText(`Welcome, ${inject('adminEmail')}`).waitFor();
    await expect.poll(() => page.getByTestId('count-news').innerText()).toMatch(/^\d+\s*articles$/);
    expect(violations).toEqual([]);
  });
});

describe('the watcher itself', () => {
  it('reports a boot script whose hash was dropped and a feature Chromium does not know', async () => {
    extraDir = mkdtempSync(join(tmpdir(), 'bimaguide-csp-'));
    cpSync(inject('distDir'), extraDir, { recursive: true });
    const headersFile = join(extraDir, '_headers');
    writeFileSync(
      headersFile,
      readFileSync(headersFile, 'utf8')
        .replace(/ 'sha256-[^']+'/g, '')
        .replace(/(Permissions-Policy: .*)/, '$1, not-a-feature=()'),
    );
    extraServer = await serveDist(extraDir);

    const { page, violations } = await watchedBrowser();
    await page.goto(new URL('/about', extraServer.url).toString());
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(3);
    expect(violations).toContainEqual(expect.stringMatching(/^script-src-elem blocked inline in /));
    expect(violations).toContainEqual(
      expect.stringMatching(/^console error: .*violates the following Content Security Policy/),
    );
    expect(violations).toContainEqual(expect.stringMatching(/Permissions-Policy.*not-a-feature/));
    // Without its boot script the page never becomes interactive.
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  });
});
