import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

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

  it('the bookmark tip appears after about 5 s on desktop and stays away once closed', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    const hint = page.getByRole('dialog', { name: 'Bookmark BimaGuide' });
    const started = Date.now();
    await hint.waitFor({ state: 'visible', timeout: 9_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    await hint.getByRole('button', { name: 'Close bookmark tip' }).click();
    await hint.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Wait past the delay so a wrongly remembered hint would have had time to show.
    await page.waitForTimeout(6_000);
    await expect(hint.count()).resolves.toBe(0);
  });

  it('the bookmark tip never shows at phone width', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/');
    await page.waitForTimeout(6_000);
    await expect(page.getByRole('dialog', { name: 'Bookmark BimaGuide' }).count()).resolves.toBe(0);
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
