import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Also used by the bench (scripts/bench), which runs outside vitest.
export { waitForServiceWorker } from './service-worker';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchOptions = { executablePath: CHROMIUM_PATH, headless: true, args: launchArgs };

export const viewports = {
  phone: { width: 375, height: 740 },
  /** An iPhone 12–15's screen, where issue 16 measured the dashboard. */
  phoneTall: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  goto: (path: string) => Promise<void>;
  close: () => Promise<void>;
}

let shared: Promise<Browser> | undefined;

/** One Chromium per test file, for the sessions that need no profile of their own. */
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch(launchOptions);
  return shared;
}

/** Closes the file's shared Chromium (tests/e2e/setup.ts, after each file). */
export async function closeSharedBrowser(): Promise<void> {
  const browser = shared;
  shared = undefined;
  if (browser) await (await browser).close();
}

export interface OpenOptions {
  /**
   * A Chromium of its own on a fresh profile directory: what installability, persistent
   * storage, periodic sync and the permissions granted through the browser need. Most journeys
   * need none of it and get a new context in the file's shared Chromium instead, which opens in
   * a fraction of the time (launching a profile and its first page cost about 2.5 s against
   * 1.3 s, on each of some two hundred sessions).
   */
  persistent?: boolean;
}

export async function openBrowser(
  viewport: { width: number; height: number } = viewports.desktop,
  { persistent = false }: OpenOptions = {},
): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const options = { viewport, locale: 'en-IN', timezoneId: 'Asia/Kolkata' };
  let context: BrowserContext;
  let profile: string | undefined;
  if (persistent) {
    profile = mkdtempSync(join(tmpdir(), 'bimaguide-e2e-'));
    context = await chromium.launchPersistentContext(profile, { ...launchOptions, ...options });
  } else {
    context = await (await sharedBrowser()).newContext(options);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  return {
    context,
    page,
    baseUrl,
    goto: async (path: string) => {
      await page.goto(new URL(path, baseUrl).toString());
      // A pre-rendered page is readable before its scripts run; wait until it also responds.
      await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    },
    close: async () => {
      await context.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Records every CSP violation in the session's pages (popups included): the
 * `securitypolicyviolation` event in each page (bound before any page script runs) and the
 * console messages Chromium writes for violations and for a Permissions-Policy it cannot parse.
 */
export async function watchCspViolations(session: BrowserSession): Promise<string[]> {
  const violations: string[] = [];
  await session.context.exposeBinding('reportCspViolation', (_source, text: unknown) => {
    violations.push(String(text));
  });
  await session.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  session.context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(text)) {
      violations.push(`console ${message.type()}: ${text}`);
    }
  });
  return violations;
}
