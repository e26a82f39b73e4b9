import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Failed audits of the three 100-budget categories, so a miss says what to fix. */
  failing: string[];
}

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Chrome {
  port: number;
  kill: () => Promise<void>;
  /** Shuts the browser down as its user would, so the profile's storage is written out. */
  close: () => Promise<void>;
}

/** Debian's chromium on `profile`, with a DevTools port Lighthouse connects to. */
async function launchChrome(profile: string): Promise<Chrome> {
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('chromium did not start'));
    }, 30_000);
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited with ${code}: ${output.slice(-500)}`));
    });
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    port,
    close: async () => {
      // A SIGTERM can end Chromium before its storage reaches the disk (the session was lost).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const session = await browser.newBrowserCDPSession();
        await session.send('Browser.close').catch(() => undefined);
      } finally {
        await browser.close().catch(() => undefined);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const shutDown = await Promise.race([
        exited.then(() => true),
        new Promise<false>((done) => {
          timer = setTimeout(() => done(false), CLOSE_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!shutDown)
        throw new Error('chromium did not shut down; its profile may lack the session');
    },
    kill: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const CLOSE_TIMEOUT_MS = 15_000;

/** A throwaway Chromium profile, and how to remove it once its browsers have exited. */
function tempProfile(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'bimaguide-bench-lh-'));
  return {
    path,
    remove: () => {
      // Chromium's helpers may still be writing to the profile for a moment after it exits;
      // a profile left in the temp folder must not throw away the measurements already made.
      try {
        rmSync(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`  left Chromium's profile ${path}: ${String(error)}`);
      }
    },
  };
}

/** `/news/` and `/news` are one page; `/` stays itself. */
const pagePath = (url: URL) => url.pathname.replace(/(.)\/$/, '$1');

/** The first offending element or URL of an audit, e.g. the text that lacks contrast. */
function firstItem(details: unknown): string {
  if (!details || typeof details !== 'object' || !('items' in details)) return '';
  const items = (details as { items?: unknown[] }).items ?? [];
  const first = items[0] as {
    node?: { snippet?: string; nodeLabel?: string; explanation?: string };
    url?: string;
  };
  if (!first) return '';
  const node = first.node;
  const what = node
    ? `${node.nodeLabel ?? ''} ${node.snippet ?? ''} ${node.explanation?.split('\n').pop() ?? ''}`
    : first.url;
  return what ? ` (${items.length}×, e.g. ${what.replace(/\s+/g, ' ').slice(0, 400)})` : '';
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * One Lighthouse run with its default (mobile, simulated slow 4G and 4× CPU) settings. The full
 * report goes to `reportFile` (open it in the Lighthouse viewer to see why a score moved).
 * `prepare` runs first on the same profile, in a browser of its own (e.g. signs a user in); the
 * page's storage is then kept, as on the phone of someone who uses the app, instead of cleared
 * as for a first visit.
 */
export async function runLighthouse(
  baseUrl: string,
  path: string,
  reportFile: string,
  prepare?: (devtoolsPort: number) => Promise<void>,
): Promise<LighthouseResult> {
  // Lighthouse's trace recording now and then misses the navigation (NO_NAVSTART) and says
  // to run it again; one such run must not lose the whole section's measurements.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(baseUrl, path, reportFile, prepare);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= RUNTIME_ERROR_ATTEMPTS) {
        throw error;
      }
      console.warn(`  lighthouse ${path}: ${error.message}; running it again`);
    }
  }
}

const RUNTIME_ERROR_ATTEMPTS = 3;

/**
 * Lighthouse ran but did not measure the page (its lhr.runtimeError, or it was sent elsewhere):
 * the run is made again, prepared again, rather than losing the section's measurements.
 */
class LighthouseRuntimeError extends Error {}

async function runOnce(
  baseUrl: string,
  path: string,
  reportFile: string,
  prepare: ((devtoolsPort: number) => Promise<void>) | undefined,
): Promise<LighthouseResult> {
  // A page prepared by Playwright leaves its injected scripts in the tab's renderer, and
  // Lighthouse's trace then shows the profiler and the garbage collector walking them (two
  // tasks of 130-140 ms no user has). So the prepared profile is opened again in a new browser:
  // a returning user's cold open of the app, with its session, store and service worker on disk.
  const profile = tempProfile();
  try {
    if (prepare) {
      const preparing = await launchChrome(profile.path);
      try {
        await prepare(preparing.port);
        await preparing.close();
      } finally {
        await preparing.kill();
      }
    }
    return await measure(baseUrl, path, reportFile, profile.path, prepare !== undefined);
  } finally {
    profile.remove();
  }
}

async function measure(
  baseUrl: string,
  path: string,
  reportFile: string,
  profile: string,
  keepStorage: boolean,
): Promise<LighthouseResult> {
  const chrome = await launchChrome(profile);
  try {
    const result = await lighthouse(new URL(path, baseUrl).toString(), {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: keepStorage,
      // With the trace kept, the JavaScript's samples too (named when built unminified, with
      // BENCH_DASHBOARD_PROFILE set).
      ...(process.env.BENCH_LIGHTHOUSE_TRACE
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    mkdirSync(dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, JSON.stringify(lhr));
    // BENCH_LIGHTHOUSE_TRACE=1 keeps each run's trace beside its report: the observed tasks that
    // the simulation multiplies into TBT, to open in DevTools' Performance panel.
    if (process.env.BENCH_LIGHTHOUSE_TRACE) {
      writeFileSync(
        reportFile.replace(/\.json$/, '.trace.json'),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    }
    // A page that sent Lighthouse elsewhere (the dashboard to its login) was not measured.
    const landed = pagePath(new URL(lhr.finalDisplayedUrl));
    if (landed !== pagePath(new URL(path, baseUrl))) {
      throw new LighthouseRuntimeError(`ended on ${landed}, not the page asked for`);
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failing: string[] = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          failing.push(`${id}: ${ref.id}${firstItem(audit.details)}`);
        }
      }
    }
    return {
      path,
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      seo: score(lhr.categories.seo?.score),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failing,
    };
  } finally {
    await chrome.kill();
  }
}
