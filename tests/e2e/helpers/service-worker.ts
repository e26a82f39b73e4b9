import type { Page } from 'playwright-core';

/**
 * Waits until the service worker controls the page (before that, a page that goes offline
 * cannot load the route chunks it has not loaded yet) and has kept the code this page's first
 * use asked it to keep (src/sw/cache-groups.ts: the tracker's on a tracker page, Hindi's on a
 * Hindi one), as it has a few seconds after a real user opened either online.
 */
export async function waitForServiceWorker(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout,
  });
  await page.evaluate(async () => {
    const groups = [
      ...(location.pathname.startsWith('/policy-tracker') ? ['tracker'] : []),
      ...(document.documentElement.lang === 'hi-IN' ? ['hi'] : []),
    ];
    const registration = await navigator.serviceWorker.ready;
    // The app asked already; asking again answers once the worker has all of it.
    for (const group of groups) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        registration.active?.postMessage({ type: 'CACHE_GROUP', group }, [channel.port2]);
      });
    }
  });
}
