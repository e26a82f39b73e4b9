import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { RunningServer } from '../../server/index.ts';
import { chromePath } from './lighthouse.ts';

export const GUIDE_PATH = '/what-is-bima-sugam';
const DASHBOARD_PATH = '/policy-tracker';
const POLICIES = 500;
const PASSWORD = 'bench-password-1';
const RUNS = 5;

export interface BrowserReport {
  offlineGuideFcpMs: number[];
  offlineDashboardFcpMs: number[];
  /** Navigation start → all 500 cards in the DOM (and a frame after). */
  dashboardCardsMs: number[];
  /** Dashboard mounted (its loading state) → all 500 cards: reading IndexedDB and rendering. */
  dashboardMountedToCardsMs: number[];
  /** Offline guide: navigation start → the page's own h1 in the DOM (after the shell's paint). */
  offlineGuideHeadingMs: number[];
  /** Click on a type option → the filtered cards in the DOM (and a frame after). */
  dashboardFilterMs: number[];
}

/**
 * Installed in every page before its scripts run: watches the DOM for policy cards and a
 * click on a select option, and notes when the card count settles after each. Measuring from
 * outside keeps the tracker's code free of bench hooks. Plain JavaScript text, because tsx
 * would wrap a function's inner names in a helper the page does not have.
 */
const watchCards = `
(() => {
  const bench = { cards: [], optionClickAt: null, dashboardAt: null, headingAt: null };
  window.__bench = bench;
  let last = -1;
  const count = () => {
    if (bench.headingAt === null && document.querySelector('main h1')) {
      bench.headingAt = performance.now();
    }
    if (bench.dashboardAt === null) {
      for (const el of document.querySelectorAll('[role="status"]')) {
        if (el.textContent.includes('Loading your policies')) bench.dashboardAt = performance.now();
      }
    }
    const n = document.querySelectorAll('[data-testid="policy-card"]').length;
    if (n === last) return;
    last = n;
    // The next frame is when the user can see what the commit produced.
    requestAnimationFrame(() => {
      setTimeout(() => bench.cards.push({ at: performance.now(), count: n }), 0);
    });
  };
  new MutationObserver(count).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[role="option"]')) {
      bench.optionClickAt = performance.now();
    }
  }, true);
})();
`;

interface BenchState {
  cards: { at: number; count: number }[];
  optionClickAt: number | null;
  /** When the dashboard showed its loading state: the route is mounted, reading IndexedDB. */
  dashboardAt: number | null;
  /** When the page's own heading (not the pre-rendered shell) was in the DOM. */
  headingAt: number | null;
}

async function benchState(page: Page): Promise<BenchState> {
  return page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
}

async function fcp(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
    undefined,
    { timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

async function freshPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(url, { waitUntil: 'commit' });
  return page;
}

async function seedUser(api: RunningServer): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const response = await fetch(`${api.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: api.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  // Four global types, so a type filter keeps a quarter of the cards.
  await api.query(
    `insert into public.policies (user_id, policy_type_id, insurer_name, policy_number,
       start_date, next_renewal_date, renewal_frequency, sum_insured, premium_amount)
     select $1::uuid, ('6f1a0c2e-0000-4000-8000-00000000000' || (1 + g % 4))::uuid,
            'Insurer ' || g, 'DASH-' || g, date '2024-01-01',
            current_date + (g % 400) - 30, 'yearly', 100000 + g, 1000 + g
       from generate_series(1, ${POLICIES}) g`,
    [user.id],
  );
  return email;
}

/** Chromium with a fresh profile (persistent, so the service worker lives as on a phone), 412×823. */
export async function benchBrowser(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), 'bimaguide-bench-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 412, height: 823 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Which step a timeout happened in is the first thing one wants to know.
let current = '';
function step(name: string): void {
  current = name;
  console.log(`  browser: ${name}`);
}

export async function measureInBrowser(
  baseUrl: string,
  api: RunningServer,
): Promise<BrowserReport> {
  const email = await seedUser(api);
  const { context, close } = await benchBrowser();
  await context.addInitScript({ content: watchCards });
  const report: BrowserReport = {
    offlineGuideFcpMs: [],
    offlineDashboardFcpMs: [],
    dashboardCardsMs: [],
    dashboardMountedToCardsMs: [],
    offlineGuideHeadingMs: [],
    dashboardFilterMs: [],
  };
  try {
    const first = context.pages()[0] ?? (await context.newPage());
    first.setDefaultTimeout(60_000);
    step('installing the service worker');
    await first.goto(new URL(GUIDE_PATH, baseUrl).toString());
    // Installed and in control: a reload offline is answered by the precache.
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.reload();
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await first.close();

    step('offline guide runs');
    await context.setOffline(true);
    for (let i = 0; i < RUNS; i += 1) {
      const page = await freshPage(context, new URL(GUIDE_PATH, baseUrl).toString());
      report.offlineGuideFcpMs.push(await fcp(page));
      await page.locator('main h1').waitFor();
      const { headingAt } = await benchState(page);
      if (headingAt !== null) report.offlineGuideHeadingMs.push(headingAt);
      await page.close();
    }
    await context.setOffline(false);

    step('signing in and pulling 500 policies');
    const login = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
    await login.waitForURL((url) => url.pathname === '/login');
    await login.getByLabel('Email', { exact: true }).fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await login.waitForURL((url) => url.pathname === DASHBOARD_PATH);
    await login.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="policy-card"]').length === n,
      POLICIES,
      { timeout: 120_000 },
    );
    await login.close();

    step('dashboard runs');
    for (let i = 0; i < RUNS; i += 1) {
      const page = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
      await page.waitForFunction(
        (n) =>
          (window as unknown as { __bench: BenchState }).__bench.cards.some((c) => c.count === n),
        POLICIES,
      );
      const { cards, dashboardAt } = await benchState(page);
      const rendered = cards.find((c) => c.count === POLICIES);
      if (rendered) report.dashboardCardsMs.push(rendered.at);
      if (rendered && dashboardAt !== null) {
        report.dashboardMountedToCardsMs.push(rendered.at - dashboardAt);
      }

      await page.getByRole('combobox', { name: 'Policy type' }).click();
      const option = page.getByRole('option', { name: 'Health', exact: true });
      await option.waitFor();
      const before = (await benchState(page)).cards.length;
      await option.click();
      const expected = POLICIES / 4;
      await page.waitForFunction(
        ([from, n]) =>
          (window as unknown as { __bench: BenchState }).__bench.cards
            .slice(from)
            .some((c) => c.count === n),
        [before, expected] as const,
      );
      const state = await benchState(page);
      const filtered = state.cards.slice(before).find((c) => c.count === expected);
      if (filtered && state.optionClickAt !== null) {
        report.dashboardFilterMs.push(filtered.at - state.optionClickAt);
      }
      await page.close();
    }

    step('offline dashboard runs');
    await context.setOffline(true);
    for (let i = 0; i < RUNS; i += 1) {
      const page = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
      report.offlineDashboardFcpMs.push(await fcp(page));
      await page.close();
    }
    await context.setOffline(false);
  } catch (error) {
    throw new Error(`${current}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await close();
  }
  return report;
}
