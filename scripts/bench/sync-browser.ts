// The flush measured where the app runs: the sync harness (sync-harness/, the app's repo, engine
// and TrackerDb) built with Vite into a temp folder, served by the local static host with the
// app's own headers for the API it talks to, and driven in Chromium.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { lingui } from '@lingui/vite-plugin';
import type { RunningServer } from '../../server/index.ts';
import { appHeaderRules, formatHeadersFile } from '../../server/security-headers.ts';
import { serveDist } from '../../server/static.ts';
import { benchBrowser } from './browser.ts';
import type { FlushTiming } from './sync-device.ts';
import type { SyncBenchPage } from './sync-harness/main.ts';

const harnessRoot = fileURLToPath(new URL('./sync-harness', import.meta.url));
const sourceRoot = fileURLToPath(new URL('../../src', import.meta.url));
/**
 * `BENCH_SYNC_PROFILE=bench/profiles` writes a CPU profile of each flush in Chromium there
 * (open it in DevTools' Performance panel), to see where the device's time goes.
 */
const profileDir = process.env.BENCH_SYNC_PROFILE;

export interface SyncHarness {
  /** `ops` saves queued on a fresh device of the user in Chromium, then one flush timed. */
  flush: (
    api: RunningServer,
    user: { email: string; id: string },
    ops: number,
    /** Names the CPU profile written when BENCH_SYNC_PROFILE is set. */
    label: string,
  ) => Promise<FlushTiming>;
  close: () => Promise<void>;
}

/** Builds the harness and starts Chromium; close() stops it and removes the build. */
export async function startSyncHarness(): Promise<SyncHarness> {
  const outDir = mkdtempSync(join(tmpdir(), 'bimaguide-bench-sync-'));
  const nodeEnv = process.env.NODE_ENV;
  // Anything else gives the libraries' development builds.
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: harnessRoot,
      mode: 'production',
      logLevel: 'error',
      // The amounts in conflict notices are formatted in the user's language: the catalogs come along.
      plugins: [lingui()],
      resolve: { alias: { '@': sourceRoot } },
      build: {
        // Profiles (BENCH_SYNC_PROFILE) then name the app's functions; the code runs the same.
        minify: false,
        outDir,
        emptyOutDir: true,
        rollupOptions: { input: join(harnessRoot, 'shell.html') },
      },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (nodeEnv === undefined) Reflect.deleteProperty(process.env, 'NODE_ENV');
    else process.env.NODE_ENV = nodeEnv;
  }
  const browser = await benchBrowser();
  return {
    async flush(api, user, ops, label) {
      // The app's policy, which lets the page connect to this API only: CORS and the CSP as the
      // app meets them. The static host reads the file when it starts.
      writeFileSync(
        join(outDir, '_headers'),
        formatHeadersFile(appHeaderRules({ apiUrl: api.url })),
      );
      const served = await serveDist(outDir);
      const page = await browser.context.newPage();
      try {
        page.on('pageerror', (error) => console.error(`  sync page: ${error.message}`));
        await page.goto(`${served.url}/shell.html`);
        await page.waitForFunction(() => 'syncBench' in window);
        const device = { url: api.url, anonKey: api.anonKey, email: user.email, userId: user.id };
        const queueSeconds = await page.evaluate(
          ([options, count]) =>
            (window as unknown as { syncBench: SyncBenchPage }).syncBench.prepare(options, count),
          [device, ops] as const,
        );
        const profiler = profileDir ? await page.context().newCDPSession(page) : undefined;
        if (profiler) {
          await profiler.send('Profiler.enable');
          await profiler.send('Profiler.start');
        }
        const timing = await page.evaluate(() =>
          (window as unknown as { syncBench: SyncBenchPage }).syncBench.flush(),
        );
        if (profiler && profileDir) {
          const { profile } = await profiler.send('Profiler.stop');
          mkdirSync(profileDir, { recursive: true });
          const file = join(profileDir, `sync-flush-${label}-${ops}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          console.log(`  sync: wrote ${file}`);
        }
        if (timing.idbRequests !== undefined) {
          const top = Object.entries(timing.idbRequestsByKind ?? {})
            .slice(0, 8)
            .map(([kind, count]) => `${kind} ${(count / ops).toFixed(2)}`)
            .join(', ');
          console.log(
            `  sync: ${label} ${ops} ops in Chromium, IndexedDB requests per op ${(timing.idbRequests / ops).toFixed(2)} (${top})`,
          );
        }
        return { ...timing, queueSeconds };
      } finally {
        await page.close();
        await served.close();
      }
    },
    async close() {
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
