import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { RunningServer } from '../../server/index.ts';
import { waitForServiceWorker } from '../../tests/e2e/helpers/service-worker.ts';
import { chromePath } from './lighthouse.ts';

export const GUIDE_PATH = '/what-is-bima-sugam';
export const DASHBOARD_PATH = '/policy-tracker';
/** A signed-in user's way to the dashboard from another page: the intro's main button. */
const INTRO_PATH = '/policy-tracker-intro';
const PASSWORD = 'bench-password-1';
const RUNS = 5;
/**
 * `BENCH_DASHBOARD_PROFILE=bench/profiles` writes CPU profiles of the first run's cold open,
 * first render, keystrokes and type filter there (DevTools' Performance panel opens them), to
 * see where the dashboard's time goes; the build is then not minified, so they name functions.
 */
export const dashboardProfileDir = process.env.BENCH_DASHBOARD_PROFILE;
/**
 * `BENCH_DASHBOARD_TRACE=bench/traces` writes Chrome traces of the first run's cold open,
 * keystrokes and type filter there (DevTools' Performance panel or ui.perfetto.dev open them):
 * where a CPU profile says only "(program)", they tell compiling, style, layout, paint and the
 * service worker's thread apart, and the build stays minified, as measured.
 */
const dashboardTraceDir = process.env.BENCH_DASHBOARD_TRACE;
/** Design §8's two dashboard sizes. */
export const DASHBOARD_SIZES = [500, 5000] as const;

/** One dashboard size's figures; every list holds one value per run. */
export interface DashboardReport {
  policies: number;
  /** Cold open: navigation start → the first cards painted. */
  coldFirstCardsMs: number[];
  /** Cold open: navigation start → every card in the DOM (find-in-page finds any of them). */
  coldAllCardsMs: number[];
  /** Navigation → every card rendered by the app itself (not the painted snapshot's). */
  coldLiveAllCardsMs: number[];
  /** How many cold opens were painted from the kept dashboard first. */
  coldFromSnapshot: number;
  /** First render: a click on a link to the dashboard (app running) → the first cards painted. */
  firstRenderMs: number[];
  /** The same click → every card in the DOM. */
  firstRenderAllMs: number[];
  /** A search keystroke → the changed list's first cards painted (4 keystrokes per run). */
  keystrokeMs: number[];
  /** A type chosen in the filter (its `change`) → the filtered list's first cards painted. */
  filterMs: number[];
  /** JS heap in use with every card rendered, after a garbage collection (bytes). */
  heapBytes: number[];
  /**
   * Cold open: the layout shifts not caused by an input, summed until a second after every
   * card is in (e.g. a panel above the list arriving after it and pushing it down).
   */
  coldShift: number[];
  /** The first cold open's requests (start → end, ms from navigation), to see where it waits. */
  coldTrace: string[];
}

export interface BrowserReport {
  offlineGuideFcpMs: number[];
  offlineDashboardFcpMs: number[];
  /** Offline guide: navigation start → the page's own h1 in the DOM (after the shell's paint). */
  offlineGuideHeadingMs: number[];
  dashboards: DashboardReport[];
}

/** How long at most the user looks at their dashboard, opened from the tracker's introduction. */
const DWELL_MS = 10_000;

/** Waits (at most DWELL_MS) until the page has kept the dashboard for the next cold open. */
async function dashboardKept(page: Page): Promise<boolean> {
  const until = Date.now() + DWELL_MS;
  while (Date.now() < until) {
    const kept = await page.evaluate(
      async () => (await caches.match('/dashboard-snapshot.json')) !== undefined,
    );
    if (kept) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

/**
 * Installed in every page before its scripts run: notes every change of the policy cards shown
 * (added to or removed from the DOM, or hidden or shown by the filters, but not the removal of
 * cards already hidden; when it was painted and how many cards are shown then) and the last
 * click, key press or select's change. Measuring from outside keeps
 * the tracker's code free of bench hooks. Plain JavaScript text, because tsx would wrap a
 * function's inner names in a helper the page does not have.
 */
const watchCards = `
(() => {
  const bench = { cards: [], inputAt: null, headingAt: null, shifts: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) bench.shifts.push({ at: entry.startTime, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const CARD = '[data-testid="policy-card"]';
  const isCard = (node) =>
    node.nodeType === 1 && (node.matches(CARD) || node.querySelector(CARD) !== null);
  new MutationObserver((records) => {
    if (bench.headingAt === null && document.querySelector('main h1')) {
      bench.headingAt = performance.now();
    }
    // Cards added to or removed from a hidden list (one the filters replaced, taken apart
    // after the new one shows) change nothing the user sees.
    const touched = records.some((r) =>
      r.type === 'attributes'
        ? isCard(r.target)
        : r.target.closest?.('[hidden]') == null &&
          ([...r.addedNodes].some(isCard) || [...r.removedNodes].some(isCard)),
    );
    if (!touched) return;
    const count =
      document.querySelectorAll(CARD).length -
      document.querySelectorAll('[hidden] ' + CARD).length;
    // Painted by the service worker from the kept dashboard, until the app renders its own.
    const painted = document.querySelectorAll('[data-dashboard-snapshot] ' + CARD).length;
    // The next frame is when the user can see what the commit produced.
    requestAnimationFrame(() => {
      setTimeout(() => bench.cards.push({ at: performance.now(), count, live: count - painted }), 0);
    });
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden'],
  });
  const input = () => {
    bench.inputAt = performance.now();
  };
  document.addEventListener('click', input, true);
  document.addEventListener('keydown', input, true);
  // A select's choice (a text field sends it only when left, so keystrokes are not moved).
  document.addEventListener('change', input, true);
})();
`;

interface CardsChange {
  at: number;
  count: number;
  /** Of them, the app's own (not the kept dashboard the service worker painted). */
  live: number;
}

interface BenchState {
  cards: CardsChange[];
  /** The last click, key press or select's change. */
  inputAt: number | null;
  /** When the page's own heading (not the pre-rendered shell) was in the DOM. */
  headingAt: number | null;
  /** The layout shifts so far that no input caused. */
  shifts: { at: number; value: number }[];
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
  page.setDefaultTimeout(120_000);
  await page.goto(url, { waitUntil: 'commit' });
  return page;
}

export async function seedUser(api: RunningServer, policies: number): Promise<string> {
  const email = `bench-${policies}-${Date.now()}@example.com`;
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
       from generate_series(1, ${policies}) g`,
    [user.id],
  );
  return email;
}

/** The seeded policies a search finds: it looks in 'Insurer <g>' and 'DASH-<g>' only. */
function matching(policies: number, query: string): number {
  let n = 0;
  for (let g = 1; g <= policies; g += 1) if (String(g).includes(query)) n += 1;
  return query === '' ? policies : n;
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

/** Waits for `count` cards after change `from`; returns the first change and that one. */
async function cardsAfter(
  page: Page,
  from: number,
  count: number,
): Promise<{
  first: CardsChange;
  done: CardsChange;
  liveDone: CardsChange;
  inputAt: number | null;
}> {
  await page.waitForFunction(
    ([start, n]) =>
      (window as unknown as { __bench: BenchState }).__bench.cards
        .slice(start)
        .some((c) => c.live === n),
    [from, count] as const,
  );
  const state = await benchState(page);
  const after = state.cards.slice(from);
  const done = after.find((c) => c.count === count);
  const liveDone = after.find((c) => c.live === count);
  const first = after[0];
  if (!first || !done || !liveDone) throw new Error(`no cards change after #${from}`);
  return { first, done, liveDone, inputAt: state.inputAt };
}

async function signIn(context: BrowserContext, baseUrl: string, email: string, n: number) {
  const login = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
  await login.waitForURL((url) => url.pathname === '/login');
  await login.getByLabel('Email', { exact: true }).fill(email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await login.waitForURL((url) => url.pathname === DASHBOARD_PATH);
  await login.waitForFunction(
    (count) =>
      document.querySelectorAll(':not([hidden]) > [data-testid="policy-card"]').length === count,
    n,
    { timeout: 300_000 },
  );
  // The installed app's cold open is measured: the worker in control with the tracker's code
  // kept, as a few seconds after a real user's first sign-in (closed before that, the page would
  // never have asked for it, and the first run would load the code from the network).
  await waitForServiceWorker(login, 120_000);
  await login.close();
}

/**
 * Signs the seeded user in, in the Chromium listening on `devtoolsPort` (Lighthouse's), and
 * waits until their policies are on the dashboard: the profile then holds the session and the
 * device's store, as a returning user's phone does.
 */
export async function signInOverCdp(
  devtoolsPort: number,
  baseUrl: string,
  email: string,
  policies: number,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context to sign in with');
    await signIn(context, baseUrl, email, policies);
  } finally {
    // Disconnects; the browser and its profile stay for Lighthouse.
    await browser.close();
  }
}

/**
 * Search keystrokes that narrow and widen the list: "4", "42", back to "4", back to all.
 * Each is timed from the key press to the changed list's first cards painted.
 */
async function keystrokes(page: Page, n: number): Promise<number[]> {
  const search = page.getByRole('searchbox', { name: 'Search policies' });
  await search.click();
  const times: number[] = [];
  for (const [key, query] of [
    ['4', '4'],
    ['2', '42'],
    ['Backspace', '4'],
    ['Backspace', ''],
  ] as const) {
    const from = (await benchState(page)).cards.length;
    await page.keyboard.press(key);
    const { first, inputAt } = await cardsAfter(page, from, matching(n, query));
    if (inputAt !== null) times.push(first.at - inputAt);
  }
  return times;
}

/** What the page fetched and when, beside when its cards were painted. */
async function requestTrace(page: Page, firstCards: number, allCards: number): Promise<string[]> {
  const entries = await page.evaluate(() =>
    (
      [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[]
    ).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd })),
  );
  const lines = entries.map((e) => ({
    at: e.start,
    text: `${Math.round(e.start)}–${Math.round(e.end)} ms ${new URL(e.name).pathname.slice(0, 60)}`,
  }));
  lines.push({ at: firstCards, text: `${Math.round(firstCards)} ms first cards painted` });
  lines.push({ at: allCards, text: `${Math.round(allCards)} ms all cards in the DOM` });
  return lines.sort((a, b) => a.at - b.at).map((l) => l.text);
}

/** Runs `work` under the CPU profiler when BENCH_DASHBOARD_PROFILE is set and `label` given. */
async function profiled<T>(page: Page, label: string | null, work: () => Promise<T>): Promise<T> {
  if (!dashboardProfileDir || label === null) return work();
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const result = await work();
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dashboardProfileDir, { recursive: true });
    const file = join(dashboardProfileDir, `dashboard-${label}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`    wrote ${file}`);
    return result;
  } finally {
    await cdp.detach();
  }
}

/** Runs `work` under Chrome's tracing when BENCH_DASHBOARD_TRACE is set and `label` given. */
async function traced<T>(page: Page, label: string | null, work: () => Promise<T>): Promise<T> {
  if (!dashboardTraceDir || label === null) return work();
  const cdp = await page.context().newCDPSession(page);
  try {
    const events: unknown[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'v8.execute',
          'blink',
          'loading',
          'ServiceWorker',
          'toplevel',
        ],
      },
    });
    const result = await work();
    await cdp.send('Tracing.end');
    await complete;
    mkdirSync(dashboardTraceDir, { recursive: true });
    const file = join(dashboardTraceDir, `dashboard-${label}.json`);
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
    console.log(`    wrote ${file}`);
    return result;
  } finally {
    await cdp.detach();
  }
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

async function measureDashboard(
  baseUrl: string,
  api: RunningServer,
  n: number,
  /** Given: the signed-in dashboard's offline first contentful paints are added to it. */
  offlineFcp?: number[],
): Promise<DashboardReport> {
  const report: DashboardReport = {
    policies: n,
    coldFirstCardsMs: [],
    coldAllCardsMs: [],
    coldLiveAllCardsMs: [],
    coldFromSnapshot: 0,
    firstRenderMs: [],
    firstRenderAllMs: [],
    keystrokeMs: [],
    filterMs: [],
    heapBytes: [],
    coldShift: [],
    coldTrace: [],
  };
  const email = await seedUser(api, n);
  // A profile per size: the other user's database would otherwise share the device.
  const { context, close } = await benchBrowser();
  await context.addInitScript({ content: watchCards });
  try {
    step(`${n} policies: signing in and pulling them`);
    await signIn(context, baseUrl, email, n);

    step(`${n} policies: dashboard runs`);
    for (let i = 0; i < RUNS; i += 1) {
      const label = (what: string) => (i === 0 ? `${n}-${what}` : null);
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      const cold = await traced(page, label('cold-open'), () =>
        profiled(page, label('cold-open'), async () => {
          await page.goto(new URL(DASHBOARD_PATH, baseUrl).toString(), { waitUntil: 'commit' });
          return cardsAfter(page, 0, n);
        }),
      );
      report.coldFirstCardsMs.push(cold.first.at);
      report.coldAllCardsMs.push(cold.done.at);
      report.coldLiveAllCardsMs.push(cold.liveDone.at);
      const painted = cold.first.live < cold.first.count;
      if (painted) report.coldFromSnapshot += 1;
      console.log(
        `    cold open ${i + 1}: first cards ${Math.round(cold.first.at)} ms, all ${Math.round(cold.done.at)} ms` +
          (painted
            ? ` (the kept dashboard), the app's own all ${Math.round(cold.liveDone.at)} ms`
            : ''),
      );
      if (i === 0) {
        report.coldTrace = await requestTrace(page, cold.first.at, cold.done.at);
        console.log(`    first cold open:\n      ${report.coldTrace.join('\n      ')}`);
        report.heapBytes.push(await heapAfterGc(page));
      }

      report.keystrokeMs.push(
        ...(await traced(page, label('keystrokes'), () =>
          profiled(page, label('keystrokes'), () => keystrokes(page, n)),
        )),
      );

      // A native select: timed from its `change` (what a phone's picker sends on a choice).
      const typeSelect = page.getByRole('combobox', { name: 'Policy type' });
      await typeSelect.waitFor();
      const from = (await benchState(page)).cards.length;
      const filtered = await traced(page, label('filter'), () =>
        profiled(page, label('filter'), async () => {
          await typeSelect.selectOption({ label: 'Health' });
          return cardsAfter(page, from, n / 4);
        }),
      );
      if (filtered.inputAt !== null) report.filterMs.push(filtered.first.at - filtered.inputAt);
      // Read now, without waiting after the cold open: what arrived in the second after the last
      // card (panels, notices, the links below the list) counts; the keys' shifts do not.
      report.coldShift.push(
        (await benchState(page)).shifts
          .filter((shift) => shift.at <= cold.done.at + 1_000)
          .reduce((sum, shift) => sum + shift.value, 0),
      );
      await page.close();

      // The app running on another page; the user taps the way to their dashboard.
      const intro = await freshPage(context, new URL(INTRO_PATH, baseUrl).toString());
      const go = intro.getByRole('link', { name: 'Go to Your Dashboard' }).first();
      await go.waitFor();
      await intro.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      const start = (await benchState(intro)).cards.length;
      const opened = await profiled(intro, label('first-render'), async () => {
        await go.click();
        return cardsAfter(intro, start, n);
      });
      if (opened.inputAt !== null) {
        report.firstRenderMs.push(opened.first.at - opened.inputAt);
        report.firstRenderAllMs.push(opened.done.at - opened.inputAt);
      }
      if (i === 0) report.heapBytes.push(await heapAfterGc(intro));
      // The user looks at their list before leaving the app: the dashboard is kept for the
      // next cold open once it has been still for a moment (src/features/tracker/dashboard-snapshot.ts);
      // a closed page, unlike a phone's hidden one, could not finish writing it.
      if (!(await dashboardKept(intro)))
        console.log('    the dashboard was not kept within the dwell');
      await intro.close();
    }

    if (offlineFcp) {
      step(`${n} policies: offline dashboard runs`);
      const warm = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
      await warm.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await warm.close();
      await context.setOffline(true);
      for (let i = 0; i < RUNS; i += 1) {
        const page = await freshPage(context, new URL(DASHBOARD_PATH, baseUrl).toString());
        offlineFcp.push(await fcp(page));
        await page.close();
      }
      await context.setOffline(false);
    }
  } finally {
    await close();
  }
  return report;
}

export async function measureInBrowser(
  baseUrl: string,
  api: RunningServer,
): Promise<BrowserReport> {
  const report: BrowserReport = {
    offlineGuideFcpMs: [],
    offlineDashboardFcpMs: [],
    offlineGuideHeadingMs: [],
    dashboards: [],
  };
  const sizes = process.env.BENCH_DASHBOARD_SIZES?.split(',').map(Number) ?? DASHBOARD_SIZES;
  try {
    const { context, close } = await benchBrowser();
    await context.addInitScript({ content: watchCards });
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

      step('offline runs');
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
    } finally {
      await close();
    }

    for (const [index, n] of sizes.entries()) {
      const offlineFcp = index === 0 ? report.offlineDashboardFcpMs : undefined;
      report.dashboards.push(await measureDashboard(baseUrl, api, n, offlineFcp));
    }
  } catch (error) {
    throw new Error(`${current}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return report;
}
