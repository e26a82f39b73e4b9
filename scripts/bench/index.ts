// `npm run bench`: builds the app against a local API, serves it, measures design §8's
// figures, prints them against their budgets and writes bench/results.json. It reports; it
// never fails on a missed budget (exit 1 only when the bench itself breaks).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { startServer } from '../../server/index.ts';
import { serveDist } from '../../server/static.ts';
import { GENEROUS_RATE_LIMITS } from '../../server/auth/config.ts';
import {
  DASHBOARD_PATH,
  measureInBrowser,
  seedUser,
  signInOverCdp,
  type BrowserReport,
  type DashboardReport,
} from './browser.ts';
import { buildApp } from './build-app.ts';
import { isHome, measureBundles, type BundleReport } from './bundle.ts';
import {
  CPU_SLOWDOWN,
  measureDocuments,
  type AttachRun,
  type DocumentsReport,
} from './documents.ts';
import { chromePath, runLighthouse, type LighthouseResult } from './lighthouse.ts';
import { formatTable, kb, median, ms, type Row } from './report.ts';
import { measureServerLoad, type ServerLoadReport } from './server-load.ts';
import { measureStalls, type StallRun } from './stall.ts';
import { measureSync, type SyncReport } from './sync.ts';

const sections = [
  'bundle',
  'lighthouse',
  'browser',
  'documents',
  'sync',
  'server',
  'stall',
] as const;
type Section = (typeof sections)[number];

// `npm run bench -- bundle lighthouse` measures only those parts.
const chosen = process.argv.slice(2).filter((a): a is Section => sections.some((s) => s === a));
const enabled = (s: Section) => chosen.length === 0 || chosen.includes(s);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const defaultLighthousePaths = [
  '/',
  '/what-is-bima-sugam',
  '/policy-tracker-intro',
  '/news',
  '/faq',
  DASHBOARD_PATH,
  '/hi/what-is-bima-sugam',
];
/** Design §8: the dashboard is measured signed in, with this many policies on the device. */
const LIGHTHOUSE_DASHBOARD_POLICIES = 50;
// `BENCH_LIGHTHOUSE_PAGES=/news,/faq npm run bench -- lighthouse` measures only those pages.
const lighthousePaths =
  process.env.BENCH_LIGHTHOUSE_PAGES?.split(',')
    .map((page) => page.trim())
    .filter((page) => page.startsWith('/')) ?? defaultLighthousePaths;
/** Issue 22 raised design §8's 95 for every page Lighthouse measures. */
const LIGHTHOUSE_PERFORMANCE_BUDGET = 97;

interface Results {
  date: string;
  commit: string;
  machine: Record<string, string | number>;
  rows: Row[];
  bundle?: BundleReport;
  lighthouse?: LighthouseResult[][];
  browser?: BrowserReport;
  documents?: DocumentsReport;
  sync?: SyncReport;
  server?: ServerLoadReport;
  stall?: StallRun[];
  errors: Record<string, string>;
}

function capture(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function machine(): Record<string, string | number> {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: capture(chromePath, ['--version']),
    loadAverage: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

const budgetLine = (value: number, limit: number, lowerIsBetter = true) =>
  lowerIsBetter ? value <= limit : value >= limit;

function bundleRows(report: BundleReport): Row[] {
  const rows: Row[] = [];
  for (const route of report.routes) {
    const home = isHome(route.path);
    rows.push({
      figure: `initial JS ${route.path} (gzip)`,
      value: kb(route.jsGzip),
      budget: home ? '≤ 150 KB' : '',
      pass: home ? budgetLine(route.jsGzip, 150 * 1024) : null,
    });
    rows.push({
      figure: `initial CSS ${route.path} (gzip)`,
      value: kb(route.cssGzip),
      budget: home ? '≤ 30 KB' : '',
      pass: home ? budgetLine(route.cssGzip, 30 * 1024) : null,
    });
    const inside = Object.entries(route.contains)
      .filter(([, present]) => present)
      .map(([name]) => name);
    if (home) {
      rows.push({
        figure: `supabase-js / Dexie / admin / lucide / compressor / viewer in ${route.path} initial load`,
        value: inside.length ? inside.join(', ') : 'none',
        budget: 'none',
        pass: inside.length === 0,
      });
    } else if (route.path === '/policy-tracker' || route.path === '/policy-tracker/<id>') {
      // Issue 17: the documents' photo compressor and zoom viewer load on first use only.
      const documents = inside.filter((name) => name === 'compressor' || name === 'viewer');
      rows.push({
        figure: `documents' compressor / viewer in ${route.path} initial load`,
        value: documents.length ? documents.join(', ') : 'none',
        budget: 'none',
        pass: documents.length === 0,
      });
    }
  }
  const missing = report.documentChunks.filter((c) => !c.offline).map((c) => c.file);
  rows.push({
    figure:
      "documents' compressor, its worker and the viewer kept for offline once the tracker opened (precache or its group)",
    value: missing.length ? `missing: ${missing.join(', ')}` : 'all 3',
    budget: 'all',
    pass: missing.length === 0,
  });
  rows.push({
    figure: 'precache on first install',
    value: `${report.precache.entries} files, ${kb(report.precache.bytes)} (${kb(report.precache.gzipBytes)} gzip)`,
    budget: '≤ 450 KB gzip',
    pass: report.precache.gzipBytes <= 450 * 1024,
  });
  for (const group of report.groups) {
    rows.push({
      figure: `cached on first use: ${group.name === 'hi' ? 'Hindi (chosen)' : `${group.name} (opened)`}`,
      value: `${group.entries} files, ${kb(group.bytes)} (${kb(group.gzipBytes)} gzip)`,
      budget: '',
      pass: null,
    });
  }
  return rows;
}

function lighthouseRows(runs: LighthouseResult[][]): Row[] {
  const rows: Row[] = [];
  for (const [index, path] of lighthousePaths.entries()) {
    const results = runs.map((run) => run[index]).filter((r): r is LighthouseResult => !!r);
    if (results.length === 0) continue;
    const m = (pick: (r: LighthouseResult) => number) => median(results.map(pick));
    const scores = (r: LighthouseResult) => r.performance;
    const perf = m(scores);
    rows.push(
      {
        figure: `Lighthouse ${path} performance`,
        value: String(perf),
        budget: `≥ ${LIGHTHOUSE_PERFORMANCE_BUDGET}`,
        pass: perf >= LIGHTHOUSE_PERFORMANCE_BUDGET,
      },
      {
        figure: `Lighthouse ${path} a11y / best practices / SEO`,
        value: `${m((r) => r.accessibility)} / ${m((r) => r.bestPractices)} / ${m((r) => r.seo)}`,
        budget: '100 / 100 / 100',
        pass:
          m((r) => r.accessibility) === 100 &&
          m((r) => r.bestPractices) === 100 &&
          m((r) => r.seo) === 100,
      },
      {
        figure: `Lighthouse ${path} LCP / TBT / CLS`,
        value: `${ms(m((r) => r.lcpMs))} / ${ms(m((r) => r.tbtMs))} / ${m((r) => r.cls).toFixed(3)}`,
        budget: '',
        pass: null,
      },
    );
  }
  return rows;
}

/** Design §8 (issue 22): the dashboard with 500 and with 5,000 policies. */
const DASHBOARD_BUDGETS: Record<
  number,
  { cold?: number; first: number; key: number; heap?: number }
> = {
  500: { cold: 600, first: 200, key: 30 },
  5000: { first: 300, key: 50, heap: 150 * 2 ** 20 },
};

function dashboardRows(report: DashboardReport): Row[] {
  const n = report.policies;
  const budget = DASHBOARD_BUDGETS[n];
  const size = `dashboard ${n.toLocaleString('en-IN')} policies`;
  const runs = `median of ${report.coldAllCardsMs.length}`;
  const worst = (values: number[]) => ms(Math.max(...values));
  const coldAll = median(report.coldAllCardsMs);
  const first = median(report.firstRenderMs);
  const key = median(report.keystrokeMs);
  const filter = median(report.filterMs);
  const heap = Math.max(...report.heapBytes);
  const row = (figure: string, value: string, limit: number | undefined, measured: number) => ({
    figure: `${size}, ${figure}`,
    value,
    budget: limit === undefined ? '' : `≤ ${ms(limit)}`,
    pass: limit === undefined ? null : measured <= limit,
  });
  return [
    row(`cold open: navigation → all cards (${runs})`, ms(coldAll), budget?.cold, coldAll),
    row(
      `cold open: navigation → first cards (${runs})`,
      ms(median(report.coldFirstCardsMs)),
      undefined,
      0,
    ),
    // The budgeted row counts the kept dashboard the service worker paints; this one, the
    // app's own cards replacing it (the same when nothing was kept).
    row(
      `cold open: navigation → the app's own cards, all (${runs}; ${report.coldFromSnapshot} painted from the kept dashboard)`,
      ms(median(report.coldLiveAllCardsMs)),
      undefined,
      0,
    ),
    // Design §8's first render: the app running, the user opens the dashboard; the first
    // cards are what they see, the rest follow (in the DOM for find-in-page) on the next row.
    row(`first render: link tapped → first cards (${runs})`, ms(first), budget?.first, first),
    row(
      `first render: link tapped → all cards (${runs})`,
      ms(median(report.firstRenderAllMs)),
      undefined,
      0,
    ),
    row(
      `search keystroke → list changed, median / worst of ${report.keystrokeMs.length}`,
      `${ms(key)} / ${worst(report.keystrokeMs)}`,
      budget?.key,
      key,
    ),
    row(
      `type filter change → list changed, median / worst of ${report.filterMs.length}`,
      `${ms(filter)} / ${worst(report.filterMs)}`,
      budget?.key,
      filter,
    ),
    {
      figure: `${size}, cold open: total layout shift (worst of ${report.coldShift.length})`,
      value: Math.max(...report.coldShift).toFixed(3),
      budget: '',
      pass: null,
    },
    {
      figure: `${size}, JS heap with every card rendered, after GC (worst of ${report.heapBytes.length})`,
      value: `${(heap / 2 ** 20).toFixed(1)} MB`,
      budget: budget?.heap === undefined ? '' : `≤ ${budget.heap / 2 ** 20} MB`,
      pass: budget?.heap === undefined ? null : heap <= budget.heap,
    },
  ];
}

function browserRows(report: BrowserReport): Row[] {
  const guide = median(report.offlineGuideFcpMs);
  return [
    {
      figure: 'offline cold start, guide FCP (median of 5)',
      value: ms(guide),
      budget: '≤ 500 ms',
      pass: guide <= 500,
    },
    {
      figure: 'offline cold start, guide heading rendered (median of 5)',
      value: ms(median(report.offlineGuideHeadingMs)),
      budget: '',
      pass: null,
    },
    {
      figure: 'offline cold start, dashboard FCP (median of 5)',
      value: ms(median(report.offlineDashboardFcpMs)),
      budget: '',
      pass: null,
    },
    ...report.dashboards.flatMap(dashboardRows),
  ];
}

/** Issue 17: a 5 MB photo chosen → stored on the device within 2 s on a phone-class CPU. */
const PHOTO_STORED_BUDGET_MS = 2000;

function documentRows(report: DocumentsReport): Row[] {
  const mb = (report.photoBytes / 2 ** 20).toFixed(1);
  const n = (values: unknown[]) => values.length;
  const medianWorst = (values: number[]) => `${ms(median(values))} / ${ms(Math.max(...values))}`;
  const stored = report.attach.map((r) => r.storedMs);
  const fallbackStored = report.attachMainThread.map((r) => r.storedMs);
  // Chromium slows only a page's main thread (a worker target refuses
  // Emulation.setCPUThrottlingRate), so the worker's share is scaled by hand.
  const scaled = (r: AttachRun, ms: number) => ms + (CPU_SLOWDOWN - 1) * r.workerMs;
  const compressed = report.attach.map((r) => scaled(r, r.compressedMs));
  const online = report.attachOnline.filter(
    (r): r is AttachRun & { uploadedMs: number } => r.uploadedMs !== null,
  );
  const speeds = report.upload.map((u) => u.bytes / 2 ** 20 / (u.ms / 1000));
  const uploadMb = ((report.upload[0]?.bytes ?? 0) / 2 ** 20).toFixed(1);
  return [
    {
      figure: `${mb} MB photo chosen → stored on the device, CPU ${CPU_SLOWDOWN}× (median / worst of ${n(stored)})`,
      value: medianWorst(stored),
      budget: `≤ ${ms(PHOTO_STORED_BUDGET_MS)}`,
      pass: median(stored) <= PHOTO_STORED_BUDGET_MS,
    },
    {
      figure: `… then compressed in the background: chosen → compressed, worker time × ${CPU_SLOWDOWN} (median / worst)`,
      value: medianWorst(compressed),
      budget: '',
      pass: null,
    },
    {
      figure: '… of which in the worker (not slowed: Chromium cannot throttle workers), median',
      value: ms(median(report.attach.map((r) => r.workerMs))),
      budget: '',
      pass: null,
    },
    {
      figure: `… on the main thread (no OffscreenCanvas), all of it ${CPU_SLOWDOWN}×: stored (median / worst of ${n(fallbackStored)})`,
      value: medianWorst(fallbackStored),
      budget: `≤ ${ms(PHOTO_STORED_BUDGET_MS)}`,
      pass: median(fallbackStored) <= PHOTO_STORED_BUDGET_MS,
    },
    {
      figure: '… on the main thread: chosen → compressed (median)',
      value: ms(median(report.attachMainThread.map((r) => r.compressedMs))),
      budget: '',
      pass: null,
    },
    {
      figure: `online, CPU ${CPU_SLOWDOWN}×: chosen → stored / compressed / uploaded, worker time × ${CPU_SLOWDOWN} (medians of ${n(online)})`,
      value: [
        median(online.map((r) => r.storedMs)),
        median(online.map((r) => scaled(r, r.compressedMs))),
        median(online.map((r) => scaled(r, r.uploadedMs))),
      ]
        .map(ms)
        .join(' / '),
      budget: '',
      pass: null,
    },
    {
      figure: `upload to the local server, ${uploadMb} MB PDF: uploading → uploaded (median of ${n(speeds)})`,
      value: `${median(speeds).toFixed(1)} MB/s (${ms(median(report.upload.map((u) => u.ms)))})`,
      budget: '',
      pass: null,
    },
  ];
}

/** design §8: 1,000 ops ≤ 5 requests and 3 s, 10,000 ≤ 25 and 10 s; pulls 5,000 ≤ 2 s, 20,000 ≤ 4 s. */
const FLUSH_BUDGETS = new Map([
  [1000, { requests: 5, seconds: 3 }],
  [10_000, { requests: 25, seconds: 10 }],
]);
const PULL_BUDGETS = new Map([
  [5000, 2],
  [20_000, 4],
]);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

function syncRows(report: SyncReport): Row[] {
  const rows: Row[] = [];
  for (const flush of report.flushes) {
    const budget = FLUSH_BUDGETS.get(flush.ops);
    rows.push({
      figure: `sync flush of ${flush.ops} queued ops (${flush.database}, device in ${flush.device === 'chromium' ? 'Chromium' : 'Node with fake-indexeddb'}): requests (pushes + pulls) / time (waiting for sync_push · for the pull after)`,
      value: `${flush.requests} + ${flush.pullRequests} / ${flush.seconds.toFixed(2)} s (${flush.pushSeconds.toFixed(2)} · ${flush.pullSeconds.toFixed(2)} s)`,
      budget: budget ? `≤ ${budget.requests} / ≤ ${budget.seconds} s` : '',
      pass: budget
        ? flush.requests + flush.pullRequests <= budget.requests && flush.seconds <= budget.seconds
        : null,
    });
  }
  for (const pull of report.pulls) {
    const budget = PULL_BUDGETS.get(pull.policies);
    rows.push({
      figure: `first pull of ${pull.policies} policies (${pull.requests} requests): time (waiting for sync_pull)`,
      value: `${pull.seconds.toFixed(2)} s (${pull.waitSeconds.toFixed(2)} s)`,
      budget: budget ? `≤ ${budget} s` : '',
      pass: budget ? pull.seconds <= budget : null,
    });
  }
  if (report.propagationMs.length === 0) return rows;
  const median = percentile(report.propagationMs, 0.5);
  const p95 = percentile(report.propagationMs, 0.95);
  rows.push({
    figure: `cross-device propagation, both online: median / p95 of ${report.propagationMs.length}`,
    value: `${ms(median)} / ${ms(p95)}`,
    budget: '≤ 2 s / ≤ 5 s',
    pass: median <= 2000 && p95 <= 5000,
  });
  return rows;
}

function serverRows(report: ServerLoadReport): Row[] {
  return [
    {
      figure: `server: policies select, ${report.clients} clients, ${report.seconds.toFixed(0)} s`,
      value: `${report.requestsPerSecond.toFixed(0)} req/s (${report.errors} errors)`,
      budget: '',
      pass: null,
    },
    {
      figure: 'server: p50 / p95 latency',
      value: `${ms(report.p50Ms)} / ${ms(report.p95Ms)}`,
      budget: '',
      pass: null,
    },
  ];
}

function stallRows(runs: StallRun[]): Row[] {
  return runs.flatMap((run) => {
    const sorted = [...run.bystanderMs].sort((a, b) => a - b);
    const worst = sorted[sorted.length - 1] ?? Number.NaN;
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    return [
      {
        figure: `stall (${run.database}): worst-case query refused after`,
        value: `${ms(run.attackerMs)} (HTTP ${run.attackerStatus})`,
        budget: `≈ ${ms(run.statementTimeoutMs)} (statement timeout)`,
        pass: null,
      },
      {
        figure: `stall (${run.database}): bystander select wait, worst / median of ${sorted.length}`,
        value: `${ms(worst)} / ${ms(median)} (${run.bystanderErrors} errors)`,
        budget: `≤ ${ms(run.statementTimeoutMs)}`,
        pass: run.bystanderErrors === 0 && worst <= run.statementTimeoutMs,
      },
    ];
  });
}

async function section<T>(
  name: Section,
  results: Results,
  run: () => Promise<T>,
): Promise<T | undefined> {
  if (!enabled(name)) return undefined;
  const started = performance.now();
  console.log(`▶ ${name}…`);
  try {
    const value = await run();
    console.log(`  ${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return value;
  } catch (error) {
    // One broken measurement should not hide the others.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    results.errors[name] = message;
    console.error(`  ${name} failed: ${message}`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const results: Results = {
    date: new Date().toISOString(),
    commit: capture('git', ['rev-parse', '--short', 'HEAD']),
    machine: machine(),
    rows: [],
    errors: {},
  };
  console.log(`load average at start: ${results.machine.loadAverage}`);
  const api = await startServer({
    dataDir: 'memory',
    port: 0,
    quiet: true,
    bcryptCost: 4,
    // The load runs sign in far more often than one person could.
    authRateLimits: GENEROUS_RATE_LIMITS,
    reminders: { intervalMs: 0 },
  });
  let outDir: string | undefined;
  try {
    const needsBrowser = enabled('lighthouse') || enabled('browser') || enabled('documents');
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    if (enabled('bundle') || needsBrowser) {
      console.log('▶ build…');
      app = await buildApp(api);
      outDir = app.outDir;
    }
    const built = app;
    if (built)
      results.bundle = await section('bundle', results, () =>
        Promise.resolve(measureBundles(built)),
      );

    // The static host sends the build's brotli and gzip files, as a real host would.
    const served = needsBrowser && built ? await serveDist(built.outDir) : undefined;
    try {
      if (served) {
        results.lighthouse = await section('lighthouse', results, async () => {
          const runs: LighthouseResult[][] = [];
          const dashboardUser = lighthousePaths.includes(DASHBOARD_PATH)
            ? await seedUser(api, LIGHTHOUSE_DASHBOARD_POLICIES)
            : undefined;
          for (let i = 0; i < lighthouseRuns; i += 1) {
            const run: LighthouseResult[] = [];
            for (const path of lighthousePaths) {
              const slug = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
              const report = `bench/lighthouse/${slug}-${i + 1}.json`;
              // The dashboard as its user opens it: signed in, their policies on the device.
              const prepare =
                path === DASHBOARD_PATH && dashboardUser
                  ? (port: number) =>
                      signInOverCdp(port, served.url, dashboardUser, LIGHTHOUSE_DASHBOARD_POLICIES)
                  : undefined;
              run.push(await runLighthouse(served.url, path, report, prepare));
            }
            runs.push(run);
          }
          return runs;
        });
        results.browser = await section('browser', results, () =>
          measureInBrowser(served.url, api),
        );
        results.documents = await section('documents', results, () =>
          measureDocuments(served.url, api),
        );
      }
    } finally {
      await served?.close();
    }
    results.sync = await section('sync', results, () => measureSync(api));
    results.server = await section('server', results, () => measureServerLoad(api));
    // Its own servers: the worst case must not share the other measurements' database.
    results.stall = await section('stall', results, () => measureStalls());
  } finally {
    await api.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  }

  results.machine.loadAverageAtEnd = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  if (results.bundle) results.rows.push(...bundleRows(results.bundle));
  if (results.lighthouse) results.rows.push(...lighthouseRows(results.lighthouse));
  if (results.browser) results.rows.push(...browserRows(results.browser));
  if (results.documents) results.rows.push(...documentRows(results.documents));
  if (results.sync) results.rows.push(...syncRows(results.sync));
  if (results.server) results.rows.push(...serverRows(results.server));
  if (results.stall) results.rows.push(...stallRows(results.stall));

  console.log('');
  console.log(formatTable(results.rows));
  const failing = results.lighthouse?.flat().flatMap((r) => r.failing.map((f) => `${r.path} ${f}`));
  if (failing?.length)
    console.log(`\nLighthouse audits below 100%:\n  ${[...new Set(failing)].join('\n  ')}`);
  for (const [name, message] of Object.entries(results.errors)) {
    console.log(`\n${name} could not be measured: ${message.split('\n')[0]}`);
  }
  console.log(
    `\n${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGb} GB, ` +
      `Node ${results.machine.node}, ${results.machine.chromium}; ` +
      `load average ${results.machine.loadAverage} → ${results.machine.loadAverageAtEnd}`,
  );
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
  console.log('wrote bench/results.json');
}

main().then(
  // The API's pools and Chromium's pipes may keep the loop alive after a clean finish.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
