import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

/**
 * Stops the page's (installed) clock half a second on from now (a moment later it would be in
 * the past already): from there only fastForward moves it.
 */
async function stopClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/**
 * Whether the tip is on the page once its clock has moved `ms` on, in five steps with a fifth
 * of a second of real time before each: the tip's code loads in real time, and React shows a
 * part that was loading on a timer of the page's.
 */
async function hintShownAfter(page: Page, ms: number): Promise<boolean> {
  const hint = page.getByRole('dialog', { name: 'Bookmark BimaGuide' });
  for (let step = 0; step < 5; step++) {
    await page.waitForTimeout(200);
    await page.clock.runFor(ms / 5);
    if ((await hint.count()) > 0) return true;
  }
  return false;
}

afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('app shell', () => {
  it('home shows the header links, the account button and the footer', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    const header = page.locator('header');
    const mainNav = header.getByRole('navigation', { name: 'Main' });
    await mainNav.getByRole('link', { name: 'Home' }).waitFor();
    await expect(mainNav.getByRole('link', { name: 'What is Bima Sugam' }).count()).resolves.toBe(
      1,
    );
    await expect(mainNav.getByRole('link', { name: 'Policy Tracker' }).count()).resolves.toBe(1);
    await header.getByRole('link', { name: 'Login / Sign Up' }).waitFor();

    const footer = page.locator('footer');
    for (const column of ['About', 'Resources', 'Legal', 'Contact']) {
      await expect(footer.getByRole('heading', { name: column }).count()).resolves.toBe(1);
    }
    const footerText = await footer.innerText();
    expect(footerText).toContain('Broker Licence No. 487');
    expect(footerText).toContain('Kolkata');
    expect(footerText).toContain('not affiliated');
    expect(footerText).toContain(`© ${new Date().getFullYear()} BimaGuide`);
    expect(await page.title()).toMatch(/ \| BimaGuide$/);
  });

  it('at 375 px the burger opens a menu with the same links', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Home', 'What is Bima Sugam', 'Policy Tracker', 'Login / Sign Up']) {
      await expect(menu.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    await menu.getByRole('link', { name: 'What is Bima Sugam' }).click();
    await page.waitForURL('**/what-is-bima-sugam');
    await menu.waitFor({ state: 'hidden' });
  });

  // The page's clock is Playwright's: the page loads with time running, then the clock stands
  // still and jumps over the tip's delay instead of it being waited out in real seconds.
  it('the bookmark tip appears after about 5 s on desktop and stays away once closed', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await page.clock.install();
    await session.goto('/');
    await stopClock(page);
    await page.clock.fastForward(2_900);
    // 4 s after the page was ready.
    await expect(hintShownAfter(page, 600)).resolves.toBe(false);
    await page.clock.fastForward(2_000);
    await page.clock.resume();
    const hint = page.getByRole('dialog', { name: 'Bookmark BimaGuide' });
    await hint.waitFor({ state: 'visible' });
    await hint.getByRole('button', { name: 'Close bookmark tip' }).click();
    await hint.waitFor({ state: 'hidden' });

    await page.reload();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await stopClock(page);
    // Past the delay, so a wrongly remembered tip would have shown.
    await page.clock.fastForward(6_000);
    await expect(hintShownAfter(page, 600)).resolves.toBe(false);
  });

  it('the bookmark tip never shows at phone width', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await page.clock.install();
    await session.goto('/');
    await stopClock(page);
    await page.clock.fastForward(6_000);
    await expect(hintShownAfter(page, 600)).resolves.toBe(false);
  });

  it('navigating from the bottom of a long page lands at the top of the next', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 200);
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About BimaGuide' }).waitFor();
    // The page must be long enough that keeping the old offset would have been possible.
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(scrollable).toBeGreaterThan(400);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toBe('About Us | BimaGuide');
  });

  it('an unknown address shows the 404 page inside the layout', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found | BimaGuide');
    await expect(page.locator('footer').count()).resolves.toBe(1);
  });
});
