import { cpSync, mkdtempSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { serveDist, type StaticServer } from '../../server/static';
import type { Page } from 'playwright-core';
import { addDays, addMonths } from '@/domain/policy';
import { addPolicyOnServer, createUser, signInAt, uniqueEmail } from './helpers/accounts';
import {
  openBrowser,
  viewports,
  type BrowserSession,
  waitForServiceWorker,
} from './helpers/browser';

let session: BrowserSession | undefined;
let extraServer: StaticServer | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
  await extraServer?.close();
  extraServer = undefined;
});

async function waitForController(s: BrowserSession) {
  await waitForServiceWorker(s.page);
}

/** A private copy of the build, so a test can publish a "new version" of it. */
async function serveCopyOfBuild(): Promise<{ dir: string; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bimaguide-update-'));
  cpSync(inject('distDir'), dir, { recursive: true });
  extraServer = await serveDist(dir);
  return { dir, url: extraServer.url };
}

/** Ships a byte-different service worker and lets the page find it, as an hourly check would. */
async function publishUpdate(s: BrowserSession, dir: string) {
  appendFileSync(join(dir, 'sw.js'), '\n// next release\n');
  await s.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const prompt = s.page.getByTestId('update-prompt');
  await prompt.getByText('A new version is available').waitFor({ timeout: 20_000 });
  return prompt;
}

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

/**
 * The scripts a page loaded until the app's first policy card was in the DOM (path, and where the
 * service worker's static routing found it, Chromium's `workerFinalSourceType`); not a card of
 * the kept dashboard the worker may have painted before any script ran.
 */
async function filesBeforeFirstCard(page: Page): Promise<{ path: string; source: string }[]> {
  const handle = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="policy-card"]')].some(
        (card) => card.closest('[data-dashboard-snapshot]') === null,
      ) &&
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.(?:js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming & { workerFinalSourceType?: string };
          return { path: new URL(entry.name).pathname, source: timing.workerFinalSourceType ?? '' };
        }),
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as { path: string; source: string }[];
}

/**
 * A user with one health policy on the server, signed in on a phone: their dashboard shows it
 * and the service worker is in control, as on the installed app after its first sign-in.
 */
async function installedDashboard(
  label: string,
  insurer: string,
  number: string,
): Promise<{ s: BrowserSession; page: Page; email: string }> {
  const email = uniqueEmail(label);
  const userId = await createUser(email);
  const today = new Date().toISOString().slice(0, 10);
  await addPolicyOnServer(userId, {
    policy_type_id: HEALTH,
    insurer_name: insurer,
    policy_number: number,
    start_date: addDays(today, -30),
    next_renewal_date: addMonths(today, 11),
  });
  session = await openBrowser(viewports.phone, { persistent: true });
  const page = await signInAt(session, '/policy-tracker', email);
  await page.getByText(insurer).first().waitFor({ timeout: 20_000 });
  await waitForServiceWorker(page);
  return { s: session, page, email };
}

/**
 * How the dashboard looks: what a person would see change (colours, type, spacing, borders,
 * layout) of the first element with each Mantine class on it, of the first card and each of its
 * parts, and of the first card's action menu, opened.
 */
async function dashboardLook(page: Page): Promise<Record<string, Record<string, string>>> {
  await page
    .getByRole('button', { name: /^More actions/ })
    .first()
    .click();
  await page.getByRole('menu').waitFor();
  const look = await page.evaluate(() => {
    const properties = [
      'color',
      'background-color',
      'font-size',
      'font-weight',
      'line-height',
      'padding',
      'margin',
      'border',
      'border-radius',
      'box-shadow',
      'display',
      'gap',
      'width',
      'height',
    ];
    const elements = new Map<string, Element>();
    for (const element of document.querySelectorAll('main [class*="mantine-"]')) {
      for (const name of element.classList) {
        if (name.startsWith('mantine-') && !elements.has(name)) elements.set(name, element);
      }
    }
    for (const [name, root] of [
      ['card', document.querySelector('[data-testid="policy-card"]')],
      ['menu', document.querySelector('[role="menu"]')],
    ] as const) {
      if (!root) continue;
      for (const [index, part] of [root, ...root.querySelectorAll('*')].entries()) {
        elements.set(`${name} ${index} ${part.tagName.toLowerCase()}`, part);
      }
    }
    return Object.fromEntries(
      [...elements].map(([key, element]) => {
        const style = getComputedStyle(element);
        return [
          key,
          Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)])),
        ];
      }),
    );
  });
  await page.keyboard.press('Escape');
  return look;
}

// Installing the service worker precaches the whole app, which is slow on a busy machine.
describe('installable PWA', { timeout: 120_000 }, () => {
  it('Chromium finds no installability errors and the manifest has what install needs', async () => {
    session = await openBrowser(viewports.phone, { persistent: true });
    await session.goto('/');
    await waitForController(session);
    const cdp = await session.context.newCDPSession(session.page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const manifest = await session.page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      return (await (await fetch(link.href)).json()) as Record<string, unknown>;
    });
    expect(manifest).toMatchObject({
      short_name: 'BimaGuide',
      display: 'standalone',
      start_url: '/policy-tracker',
      scope: '/',
    });
    // The browser's toolbar colour is the installed app's.
    const themeColor = await session.page.evaluate(() =>
      document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    );
    expect(themeColor).toBe(manifest?.theme_color);
    // iPhone's home-screen icon: linked, and a PNG at the address iOS asks for by default.
    const touchIcon = await session.page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]');
      const byDefault = await fetch('/apple-touch-icon.png');
      return {
        href: link?.getAttribute('href'),
        type: byDefault.headers.get('content-type'),
        status: byDefault.status,
      };
    });
    expect(touchIcon).toEqual({ href: '/apple-touch-icon.png', type: 'image/png', status: 200 });
    const metas = await session.page.evaluate(() =>
      ['apple-mobile-web-app-capable', 'apple-mobile-web-app-title'].map((name) =>
        document.querySelector(`meta[name="${name}"]`)?.getAttribute('content'),
      ),
    );
    expect(metas).toEqual(['yes', 'BimaGuide']);
    const icons = (manifest?.icons ?? []) as { sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes}:${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
    );
    const shots = (manifest?.screenshots ?? []) as { form_factor: string }[];
    expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    const shortcuts = (manifest?.shortcuts ?? []) as { name: string }[];
    expect(shortcuts.map((s) => s.name)).toEqual(['Policy Tracker', 'Calculators']);
  });

  it("offers Install app from the browser's early offer, on desktop and in the phone menu, until installed", async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      session = await openBrowser(viewport, { persistent: true });
      // Chromium makes its own offer as the page loads, before any lazy part has mounted; its
      // dialog cannot be answered headless, so prompting only records that it was asked.
      await session.context.addInitScript(() => {
        const w = window as Window & {
          installPrompted?: boolean;
          BeforeInstallPromptEvent?: { prototype: { prompt: () => Promise<void> } };
        };
        if (w.BeforeInstallPromptEvent) {
          w.BeforeInstallPromptEvent.prototype.prompt = () => {
            w.installPrompted = true;
            return Promise.resolve();
          };
        }
      });
      await session.goto('/');
      const page = session.page;
      if (viewport === viewports.phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      const install = page.getByRole('button', { name: 'Install app' }).last();
      await install.waitFor();
      await install.click();
      await page.waitForFunction(
        () => (window as Window & { installPrompted?: boolean }).installPrompted === true,
      );
      await session.close();
      session = undefined;
    }

    session = await openBrowser(viewports.desktop, { persistent: true });
    await session.goto('/');
    await session.page.getByRole('button', { name: 'Install app' }).waitFor();
    await session.page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await session.page.getByRole('button', { name: 'Install app' }).waitFor({ state: 'detached' });
  });

  it('opens public pages and every calculator on a cold start with the network cut', async () => {
    session = await openBrowser(viewports.phone, { persistent: true });
    const { page, context } = session;
    await session.goto('/');
    await waitForController(session);
    await context.setOffline(true);

    for (const [path, heading] of [
      ['/', 'Understand Bima Sugam'],
      ['/what-is-bima-sugam', 'Bima Sugam'],
      ['/health-insurance', 'Health Insurance'],
      ['/policy-tracker-intro', 'Track Every Insurance Policy in One Place'],
    ] as const) {
      await page.goto(new URL(path, session.baseUrl).toString());
      await page.getByRole('heading', { level: 1, name: new RegExp(heading) }).waitFor();
    }
    await page.getByText('You are offline').first().waitFor();

    for (const [calc, tab] of [
      ['hlv', 'Human Life Value'],
      ['bmi', 'BMI Calculator'],
      ['retirement', 'Retirement Planning'],
      ['child-edu', 'Child Education'],
    ] as const) {
      await page.goto(new URL(`/?calc=${calc}`, session.baseUrl).toString());
      const selected = page.getByRole('tab', { name: tab, selected: true });
      await selected.waitFor();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Calculate' }).first().waitFor();
    }
  });

  it("opens the installed app's dashboard with every file it needs named up front and served from the device, online and offline", async () => {
    const { s } = await installedDashboard('dashboard-shell', 'Shell Health', 'SH-1');

    let shellLook: Awaited<ReturnType<typeof dashboardLook>> | null = null;
    let combinedSheets: string[] = [];
    for (const offline of [false, true]) {
      await s.context.setOffline(offline);
      // A cold open: a new window on the dashboard, as when the installed app is started.
      const cold = await s.context.newPage();
      const response = await cold.goto(new URL('/policy-tracker', s.baseUrl).toString());
      const served = (await response?.text()) ?? '';
      const named = new Set(
        [
          ...served.matchAll(
            /<(?:script type="module"|link rel="modulepreload")[^>]*?(?:src|href)="([^"]+)"/g,
          ),
        ].map(([, href]) => href),
      );
      const files = await filesBeforeFirstCard(cold);
      const scripts = files.filter((file) => file.path.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(20);
      // Each one was named by the page the worker served: none waited for the one before it to
      // run (the old shell named the entry's files only, and the rest came level by level).
      expect({
        offline,
        missing: scripts.map((s) => s.path).filter((path) => !named.has(path)),
      }).toEqual({ offline, missing: [] });
      // And none took a trip through the worker's fetch handler: the browser's static route
      // answered them from the caches ('cache'), or its memory cache had the file (no source).
      const sources = scripts.map((s) => s.source);
      expect(sources.filter((source) => source !== 'cache' && source !== '')).toEqual([]);
      expect(sources.filter((source) => source === 'cache').length).toBeGreaterThan(20);

      // The route's stylesheets came as the one file the page names, from the device: the code
      // needing a sheet it holds added none of its own (each is a request and a sheet for the
      // cold open's busy main thread).
      const linked = [...served.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
        ([, href]) => href,
      );
      combinedSheets = /data-sheets="([^"]+)"/.exec(served)?.[1]?.split(' ') ?? [];
      expect(combinedSheets.length).toBeGreaterThan(5);
      expect({ offline, sheets: files.filter((file) => file.path.endsWith('.css')) }).toEqual({
        offline,
        sheets: linked.map((path) => ({ path, source: 'cache' })),
      });
      await cold.getByRole('heading', { level: 1, name: 'Policy Dashboard' }).waitFor();
      // Online, as the page it is compared with below (offline, the sync line says less).
      if (!offline) shellLook = await dashboardLook(cold);
      await cold.close();
    }
    await s.context.setOffline(false);

    // The same dashboard reached from another page, its sheets added one by one by the code
    // needing them, looks the same: the one file keeps the cascade of the separate ones.
    const other = await s.context.newPage();
    await other.goto(new URL('/policy-tracker-intro', s.baseUrl).toString());
    await other.getByRole('link', { name: 'Go to Your Dashboard' }).first().click();
    await other.getByText('Shell Health').first().waitFor({ timeout: 20_000 });
    const fetched = await other.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(combinedSheets.filter((sheet) => fetched.includes(sheet)).length).toBeGreaterThan(5);
    const separate = await dashboardLook(other);
    expect(
      Object.keys(separate).filter((key) => key.startsWith('mantine-')).length,
    ).toBeGreaterThan(10);
    expect(Object.keys(separate).filter((key) => key.startsWith('menu ')).length).toBeGreaterThan(
      2,
    );
    expect(shellLook).toEqual(separate);
    await other.close();
  });

  it('paints the dashboard as this device last showed it on a cold open, and never one the user left', async () => {
    const { s, page, email } = await installedDashboard('dashboard-kept', 'Kept Health', 'KH-1');
    const kept = (on: Page) =>
      on.evaluate(async () => (await caches.match('/dashboard-snapshot.json')) !== undefined);
    await expect.poll(() => kept(page), { timeout: 15_000 }).toBe(true);

    for (const offline of [false, true]) {
      await s.context.setOffline(offline);
      const cold = await s.context.newPage();
      const response = await cold.goto(new URL('/policy-tracker', s.baseUrl).toString());
      // In the page the worker served, before any script ran: the card, inert until the app's
      // own replaces it (a tap or a letter typed there would be lost).
      const served = (await response?.text()) ?? '';
      expect({
        offline,
        painted: /<div data-dashboard-snapshot="[0-9a-f-]{36}" lang="en-IN" inert>/.test(served),
      }).toEqual({ offline, painted: true });
      expect(served).toContain('Kept Health');
      // Replaced by the app's own card, which a tap reaches.
      await cold.locator('[data-dashboard-snapshot]').waitFor({ state: 'detached' });
      await cold.getByRole('link', { name: 'Kept Health' }).waitFor({ timeout: 20_000 });
      await cold.close();
    }
    await s.context.setOffline(false);

    // A filtered address is not the whole list: the shell comes as it is.
    const filtered = await s.context.newPage();
    const narrowed = await filtered.goto(new URL('/policy-tracker?q=none', s.baseUrl).toString());
    expect(await narrowed?.text()).not.toContain('data-dashboard-snapshot');
    await filtered.close();

    // Left for the policy's page (where it could be changed), the dashboard is no longer kept.
    await page.getByRole('link', { name: 'Kept Health' }).first().click();
    await page.waitForURL((url) => url.pathname !== '/policy-tracker');
    await expect.poll(() => kept(page), { timeout: 10_000 }).toBe(false);
    const after = await s.context.newPage();
    const plain = await after.goto(new URL('/policy-tracker', s.baseUrl).toString());
    expect(await plain?.text()).not.toContain('data-dashboard-snapshot');
    await after.getByRole('link', { name: 'Kept Health' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => kept(after), { timeout: 15_000 }).toBe(true);

    // Signed out: nobody opening the app on this phone sees the list.
    await after.getByRole('button', { name: 'Open menu' }).click();
    await after
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await after.waitForURL((url) => url.pathname !== '/policy-tracker');
    await expect.poll(() => kept(after), { timeout: 10_000 }).toBe(false);

    // The session gone while the app was closed (cleared, or ended): the worker, which cannot
    // read the session, paints the kept list, and the app takes it away as it starts.
    await signInAt(s, '/policy-tracker', email);
    await page.getByText('Kept Health').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => kept(page), { timeout: 15_000 }).toBe(true);
    await after.close();
    await page.close();
    const visitor = await s.context.newPage();
    await visitor.goto(new URL('/', s.baseUrl).toString());
    await visitor.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (/^sb-.*-auth-token$/.test(key)) localStorage.removeItem(key);
      }
    });
    const unsigned = await visitor.goto(new URL('/policy-tracker', s.baseUrl).toString());
    expect(await unsigned?.text()).toContain('data-dashboard-snapshot');
    await visitor.waitForURL((url) => url.pathname === '/login');
    expect(await visitor.locator('[data-dashboard-snapshot]').count()).toBe(0);
    await expect.poll(() => kept(visitor), { timeout: 10_000 }).toBe(false);
  });

  it('offers a new version and reloads exactly once when the user agrees', async () => {
    const build = await serveCopyOfBuild();
    session = await openBrowser(viewports.desktop, { persistent: true });
    const { page } = session;
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${build.url}/`);
    await waitForController(session);
    const loadsBefore = loads;

    const prompt = await publishUpdate(session, build.dir);
    expect(loads).toBe(loadsBefore);

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(loadsBefore + 1);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Give a stray second reload the chance to happen before counting.
    await page.waitForTimeout(1500);
    expect(loads).toBe(loadsBefore + 1);
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
  });

  it('on a phone, the prompt never covers a form field', async () => {
    const build = await serveCopyOfBuild();
    session = await openBrowser({ width: 390, height: 844 }, { persistent: true });
    const { page } = session;
    await page.goto(`${build.url}/advice`);
    await waitForController(session);
    const form = page.getByRole('form', { name: 'Request a callback' });
    await form.waitFor();
    const prompt = await publishUpdate(session, build.dir);
    // Every field in turn, as a person tabbing or tapping through the form would reach it.
    const overlaps = await form.evaluate(async (formElement) => {
      const promptElement = document.querySelector('[data-testid="update-prompt"]');
      if (!promptElement) return ['no prompt'];
      const found: string[] = [];
      const fields = formElement.querySelectorAll<HTMLElement>('input, textarea, select, button');
      for (const field of fields) {
        if (field.getClientRects().length === 0) continue;
        field.focus();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
        const a = field.getBoundingClientRect();
        const b = promptElement.getBoundingClientRect();
        const overlap =
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        if (overlap) found.push(field.getAttribute('name') ?? field.textContent ?? field.tagName);
      }
      return found;
    });
    expect(overlaps).toEqual([]);
    await prompt.getByRole('button', { name: 'Reload' }).waitFor();
  });

  it('does not reload over a form with unsaved input', async () => {
    const build = await serveCopyOfBuild();
    session = await openBrowser(viewports.desktop, { persistent: true });
    const { page } = session;
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${build.url}/advice`);
    await waitForController(session);
    await page.getByLabel('Full Name').first().fill('Asha Verma');
    const loadsBefore = loads;

    const prompt = await publishUpdate(session, build.dir);
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await prompt.getByText('Save or leave the form you are editing first, then reload.').waitFor();
    await page.waitForTimeout(1500);
    expect(loads).toBe(loadsBefore);
    expect(await page.getByLabel('Full Name').first().inputValue()).toBe('Asha Verma');
  });
});
