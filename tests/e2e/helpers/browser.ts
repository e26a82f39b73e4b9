import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
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

/**
 * A persistent context, because an incognito one has no installability, no persistent storage
 * and a different service-worker life; each session gets its own fresh profile directory.
 */
export async function openBrowser(
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<BrowserSession> {
  const baseUrl = inject('baseUrl');
  const profile = mkdtempSync(join(tmpdir(), 'bimaguide-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: launchArgs,
    viewport,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
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
      rmSync(profile, { recursive: true, force: true });
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
