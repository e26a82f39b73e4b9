import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  viewports,
  type BrowserSession,
  waitForServiceWorker,
} from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

// From supabase/seed.sql: the newest article and FAQ, and a term with a context.
const NEWEST_ARTICLE = {
  slug: 'bima-sugam-what-the-planned-marketplace-means-for-you',
  title: 'Bima Sugam: what the planned insurance marketplace means for you',
  date: '20 October 2025',
};
const SECOND_ARTICLE_TITLE = 'Free-look period: your right to return a new policy';

const publicRoutes: readonly { path: string; h1: string; title: string }[] = [
  {
    path: '/what-is-bima-sugam',
    h1: 'What is Bima Sugam?',
    title: 'What is Bima Sugam? A Plain-Language Guide',
  },
  {
    path: '/how-to/link-existing-policies',
    h1: 'How to Link Existing Policies',
    title: 'How to Link Existing Policies',
  },
  {
    path: '/how-to/claims-on-bima-sugam',
    h1: 'How to Make an Insurance Claim',
    title: 'How to Make a Claim: Health, Motor and Term Life',
  },
  { path: '/advice', h1: 'Get Expert Advice', title: 'Get Expert Advice' },
  { path: '/about', h1: 'About BimaGuide', title: 'About Us' },
  { path: '/contact', h1: 'Contact Us', title: 'Contact Us' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/disclaimer', h1: 'Disclaimer', title: 'Disclaimer' },
  { path: '/terms', h1: 'Terms of Use', title: 'Terms of Use' },
  { path: '/faq', h1: 'Frequently Asked Questions', title: 'Frequently Asked Questions' },
  { path: '/health-insurance', h1: 'Health Insurance Guide', title: 'Health Insurance Guide' },
  { path: '/term-insurance', h1: 'Term Insurance Guide', title: 'Term Insurance Guide' },
  { path: '/motor-insurance', h1: 'Motor Insurance Guide', title: 'Motor Insurance Guide' },
  { path: '/news', h1: 'Insurance News', title: 'Insurance News' },
  { path: '/glossary', h1: 'Insurance Glossary', title: 'Insurance Glossary' },
  {
    path: '/policy-tracker-intro',
    h1: 'Track Every Insurance Policy in One Place',
    title: 'Insurance Policy Tracker',
  },
];

async function h1Texts(page: Page): Promise<string[]> {
  return page.getByRole('heading', { level: 1 }).allInnerTexts();
}

async function waitForTitle(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** Adds content as the site owner would after the build; returns a function removing it. */
async function addContent(table: 'faqs' | 'news' | 'glossary', row: Record<string, string>) {
  const key = inject('serviceRoleKey');
  const headers = {
    apikey: key,
    authorization: `Bearer ${key}`,
    'content-type': 'application/json',
  };
  const rest = `${inject('apiUrl')}/rest/v1/${table}`;
  const created = await fetch(rest, {
    method: 'POST',
    headers: { ...headers, prefer: 'return=representation' },
    body: JSON.stringify(row),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: string }[])[0]?.id;
  if (!id) throw new Error(`No ${table} row was returned`);
  return async () => {
    const removed = await fetch(`${rest}?id=eq.${id}`, { method: 'DELETE', headers });
    expect(removed.status).toBe(204);
  };
}

describe('public content pages', () => {
  it('every public route shows exactly one h1 and its own title', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    for (const route of publicRoutes) {
      await session.goto(route.path);
      await page.getByRole('heading', { level: 1, name: route.h1, exact: true }).waitFor();
      await waitForTitle(page, `${route.title} | BimaGuide`);
      expect(await h1Texts(page), route.path).toEqual([route.h1]);
      expect(await page.locator('main').count(), route.path).toBe(1);
      const description = await page
        .locator('head meta[name="description"]')
        .last()
        .getAttribute('content');
      expect(description?.length ?? 0, route.path).toBeGreaterThan(40);
    }
  });

  it('guide pages end with a call to action to /advice', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    for (const path of [
      '/health-insurance',
      '/term-insurance',
      '/motor-insurance',
      '/what-is-bima-sugam',
      '/how-to/link-existing-policies',
      '/how-to/claims-on-bima-sugam',
    ]) {
      await session.goto(path);
      const cta = page.getByRole('complementary', { name: 'Get advice' });
      await cta.waitFor();
      await expect(
        cta.getByRole('link', { name: 'Get expert advice' }).getAttribute('href'),
      ).resolves.toBe('/advice');
    }
  });

  it('the Bima Sugam page is careful about the rollout and links onwards', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/what-is-bima-sugam');
    const main = page.locator('main');
    await main.getByRole('heading', { name: /Rollout status/ }).waitFor();
    const text = await main.innerText();
    expect(text).toContain('rolled out in phases');
    expect(text).toContain('Not all the features');
    await expect(
      main.getByRole('link', { name: 'Link your existing policies' }).getAttribute('href'),
    ).resolves.toBe('/how-to/link-existing-policies');
    const faq = main.getByRole('button', { name: 'Will I pay extra to use Bima Sugam?' });
    await faq.click();
    await main.getByText('IRDAI has said the platform is meant to be free').waitFor();
  });

  it('legal pages show the last-updated date; privacy tells the truth about callbacks', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    for (const path of ['/terms', '/privacy', '/disclaimer']) {
      await session.goto(path);
      await page.getByText('Last updated: 23 Oct 2025').waitFor();
    }
    await session.goto('/privacy');
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain('we store your name, mobile number, city');
    expect(privacy).toContain('in our database');
    expect(privacy).toContain('Only our licensed advisor');
    expect(privacy).not.toMatch(/not stored/i);
  });

  it('advice shows the credentials, chat and an external Book a call link', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    // Before the certifications' dates, so every credential is still in date.
    await page.clock.setFixedTime(new Date('2025-11-01T10:00:00+05:30'));
    await session.goto('/advice');
    const credentials = page.getByRole('region', { name: 'Our credentials' });
    await credentials
      .getByText('Broker Licence No. 487, valid till April 2026', { exact: true })
      .waitFor();
    const text = await credentials.innerText();
    expect(text).toContain('valid till 08 Nov 2025');
    expect(text).toContain('valid till 05 Nov 2025');
    const book = page.locator('main').getByRole('link', { name: 'Book a call' });
    await expect(book.getAttribute('target')).resolves.toBe('_blank');
    await expect(book.getAttribute('rel')).resolves.toContain('noopener');
    await expect(book.getAttribute('href')).resolves.toMatch(/^https:\/\//);
    await expect(
      page.locator('main').getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href'),
    ).resolves.toMatch(/^https:\/\/wa\.me\//);
    await page.getByRole('form', { name: 'Request a callback' }).waitFor();
  });

  it('contact lists chat, email, location and hours', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/contact');
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Hours' }).waitFor();
    const text = await main.innerText();
    expect(text).toContain('Mon-Sat 10:00 AM-6:00 PM');
    expect(text).toContain('Kolkata');
    await expect(
      main.getByRole('link', { name: 'hello@bimaguide.in' }).getAttribute('href'),
    ).resolves.toBe('mailto:hello@bimaguide.in');
    await main.getByRole('link', { name: 'Chat on WhatsApp' }).waitFor();
  });
});

describe('news', () => {
  it('list (newest first) → article with kept line breaks → back to the list', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/news');
    const cards = page.locator('main').getByRole('heading', { level: 2 });
    await cards.first().waitFor();
    const titles = await cards.allInnerTexts();
    expect(titles.slice(0, 2)).toEqual([NEWEST_ARTICLE.title, SECOND_ARTICLE_TITLE]);

    await page.getByRole('link', { name: new RegExp(NEWEST_ARTICLE.title.slice(0, 30)) }).click();
    await page.waitForURL(`**/news/${NEWEST_ARTICLE.slug}`);
    await page.getByRole('heading', { level: 1, name: NEWEST_ARTICLE.title }).waitFor();
    await waitForTitle(page, `${NEWEST_ARTICLE.title} | BimaGuide`);
    const article = page.locator('article');
    await article.getByText(NEWEST_ARTICLE.date).waitFor();
    // The seed's "What you can do now:" paragraph has a bullet on the next line.
    expect(await article.innerText()).toMatch(/What you can do now:\n- Keep a list/);

    await page.getByRole('link', { name: 'Back to News' }).click();
    await page.waitForURL(/\/news$/);
    await page.getByRole('heading', { level: 1, name: 'Insurance News' }).waitFor();
  });

  it('an unknown slug says Article not found with a way back', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/news/no-such-article');
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to News' }).click();
    await page.waitForURL(/\/news$/);
  });
});

describe('glossary', () => {
  it('tiles A–Z → term with Definition and Context → back', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/glossary');
    const tiles = page.locator('main a[href^="/glossary/"]');
    await tiles.first().waitFor();
    const terms = await tiles.evaluateAll((links) =>
      links.map((link) => link.querySelector('p')?.textContent ?? ''),
    );
    expect(terms.length).toBeGreaterThan(10);
    const sorted = [...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(terms).toEqual(sorted);

    await page.locator('main a[href="/glossary/idv"]').click();
    await page.waitForURL('**/glossary/idv');
    await page.getByRole('heading', { level: 1, name: 'Insured Declared Value (IDV)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Definition' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Context' }).waitFor();
    await waitForTitle(page, 'Insured Declared Value (IDV): Meaning in Insurance | BimaGuide');

    await page.getByRole('link', { name: 'Back to Glossary' }).click();
    await page.waitForURL(/\/glossary$/);
    await page.getByRole('heading', { level: 1, name: 'Insurance Glossary' }).waitFor();
  });

  it('an unknown term shows Term Not Found and the placeholder definition', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/glossary/no-such-term');
    await page.getByRole('heading', { level: 1, name: 'Term Not Found' }).waitFor();
    await page.getByText('This term does not have a definition yet.').waitFor();
    await expect(
      page.getByRole('link', { name: 'Back to Glossary' }).getAttribute('href'),
    ).resolves.toBe('/glossary');
  });
});

describe('FAQ', () => {
  it('newest first, one answer open at a time, and the open one closes again', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/faq');
    const questions = page.locator('main').getByRole('button');
    await questions.first().waitFor();
    const first = page.getByRole('button', { name: 'What is Bima Sugam?', exact: true });
    const second = page.getByRole('button', {
      name: 'Is Bima Sugam available to everyone today?',
    });
    expect((await questions.allInnerTexts()).slice(0, 2)).toEqual([
      'What is Bima Sugam?',
      'Is Bima Sugam available to everyone today?',
    ]);
    // The questions are level-2 headings under the page's h1.
    await page.getByRole('heading', { level: 2, name: 'What is Bima Sugam?' }).waitFor();

    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByText('digital insurance marketplace backed by IRDAI').waitFor();

    await second.click();
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');

    await second.click();
    await expect(second.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('main [aria-expanded="true"]').count()).resolves.toBe(0);
  });
});

describe('policy tracker intro', () => {
  it('signed out, both calls to action go to /login', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/policy-tracker-intro');
    await page
      .getByRole('heading', { level: 1, name: 'Track Every Insurance Policy in One Place' })
      .waitFor();
    const subtitle = await page.locator('main').innerText();
    for (const type of ['Vehicle', 'Health', 'ULIP', 'Term', 'custom']) {
      expect(subtitle).toContain(type);
    }
    await expect(
      page.getByRole('link', { name: 'Get Started for Free' }).getAttribute('href'),
    ).resolves.toBe('/login');
    await expect(
      page.getByRole('link', { name: 'Start Tracking Now' }).getAttribute('href'),
    ).resolves.toBe('/login');
    await expect(page.getByRole('link', { name: 'Go to Your Dashboard' }).count()).resolves.toBe(0);
    for (const name of [
      'One Dashboard for Everything',
      'Never Miss a Renewal',
      'Family-Ready',
      'Simple & Secure',
      'How It Works',
      'Add Any Policy',
      'See Live Counters',
      'Renew with a Click',
    ]) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    expect(await page.title()).toBe('Insurance Policy Tracker | BimaGuide');
    await page.getByRole('link', { name: 'Get Started for Free' }).click();
    await page.waitForURL('**/login');
  });
});

describe('policy tracker intro, signed in', () => {
  it('both calls to action go to the dashboard', async () => {
    const email = `intro-${randomUUID()}@example.com`;
    const password = 'secret-pass-1';
    const signup = await fetch(`${inject('apiUrl')}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signup.status).toBe(200);

    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/policy-tracker');

    await session.goto('/policy-tracker-intro');
    const dashboard = page.getByRole('link', { name: 'Go to Your Dashboard' });
    await dashboard.waitFor();
    await expect(dashboard.getAttribute('href')).resolves.toBe('/policy-tracker');
    await expect(
      page.getByRole('link', { name: 'Start Tracking Now' }).getAttribute('href'),
    ).resolves.toBe('/policy-tracker');
    await expect(page.getByRole('link', { name: 'Get Started for Free' }).count()).resolves.toBe(0);
  });
});

describe('offline reading', () => {
  it('a news article and a glossary term seen once open again without a connection', async () => {
    session = await openBrowser(viewports.desktop);
    const { page, context } = session;
    const footer = page.locator('footer');

    // One online visit: the news list, an article, the glossary and a term.
    await session.goto('/news');
    await page.getByRole('link', { name: new RegExp(NEWEST_ARTICLE.title.slice(0, 30)) }).click();
    await page.getByRole('heading', { level: 1, name: NEWEST_ARTICLE.title }).waitFor();
    await footer.getByRole('link', { name: 'Glossary' }).click();
    await page.locator('main a[href="/glossary/idv"]').click();
    await page.getByRole('heading', { level: 1, name: 'Insured Declared Value (IDV)' }).waitFor();
    await footer.getByRole('link', { name: 'Glossary' }).click();
    await page.getByRole('heading', { level: 1, name: 'Insurance Glossary' }).waitFor();

    await context.setOffline(true);

    // Navigation inside the running app; reloading offline needs the service worker.
    await footer.getByRole('link', { name: 'News' }).click();
    await page.waitForURL(/\/news$/);
    await page.getByRole('link', { name: new RegExp(NEWEST_ARTICLE.title.slice(0, 30)) }).click();
    await page.getByRole('heading', { level: 1, name: NEWEST_ARTICLE.title }).waitFor();
    await page.locator('article').getByText('What you can do now:', { exact: false }).waitFor();

    await footer.getByRole('link', { name: 'Glossary' }).click();
    await page.locator('main a[href="/glossary/idv"]').click();
    await page.getByRole('heading', { level: 1, name: 'Insured Declared Value (IDV)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Definition' }).waitFor();

    // A term listed but never opened is readable too: the list stored every definition.
    await footer.getByRole('link', { name: 'Glossary' }).click();
    await page.locator('main a[href="/glossary/premium"]').click();
    await page.getByRole('heading', { level: 1, name: 'Premium' }).waitFor();
    await page.getByText('The amount you pay the insurer').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });
});

describe('pre-rendered pages', () => {
  const prerendered = [
    ...publicRoutes.filter((route) =>
      [
        '/what-is-bima-sugam',
        '/how-to/claims-on-bima-sugam',
        '/about',
        '/privacy',
        '/health-insurance',
        '/policy-tracker-intro',
        '/news',
        '/faq',
        '/glossary',
      ].includes(route.path),
    ),
    { path: `/news/${NEWEST_ARTICLE.slug}`, h1: NEWEST_ARTICLE.title, title: NEWEST_ARTICLE.title },
    {
      path: '/glossary/idv',
      h1: 'Insured Declared Value (IDV)',
      title: 'Insured Declared Value (IDV): Meaning in Insurance',
    },
  ];

  it('the page itself, not a loading shell, arrives in the HTML with its own title', async () => {
    const baseUrl = inject('baseUrl');
    for (const route of [...prerendered, { path: '/', h1: '', title: 'Insurance Guides' }]) {
      const html = await (await fetch(new URL(route.path, baseUrl))).text();
      expect(html, route.path).toContain(`<title>${route.title}`);
      if (route.h1) expect(html, route.path).toContain(route.h1);
      expect(html, route.path).toContain('<footer');
    }
    // The database-fed pages too, with the content the build read from the API.
    const contentHtml = async (path: string) => (await fetch(new URL(path, baseUrl))).text();
    expect(await contentHtml('/news')).toContain(NEWEST_ARTICLE.title);
    expect(await contentHtml('/faq')).toContain('Is Bima Sugam available to everyone today?');
    expect(await contentHtml('/glossary')).toContain('Insured Declared Value (IDV)');
    const article = await contentHtml(`/news/${NEWEST_ARTICLE.slug}`);
    expect(article).toContain(`<title>${NEWEST_ARTICLE.title} | BimaGuide`);
    expect(article).toContain(NEWEST_ARTICLE.date);
    expect(await contentHtml('/glossary/idv')).toContain(
      '<title>Insured Declared Value (IDV): Meaning in Insurance | BimaGuide',
    );
    // Forms are never pre-rendered: a field typed into before the scripts ran would be emptied.
    const advice = await (await fetch(new URL('/advice', baseUrl))).text();
    expect(advice).not.toContain('Get Expert Advice');
    expect(advice).not.toMatch(/<input\b/);
  });

  it('the scripts take over the same page without rebuilding it or warning', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    // Keeps the heading element the browser parsed from the HTML, before any app script ran.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, { parsedHeading: document.querySelector('h1') });
      });
    });
    for (const route of prerendered) {
      await session.goto(route.path);
      const kept = await page.evaluate(() => {
        const parsed = (window as Window & { parsedHeading?: Element | null }).parsedHeading;
        return parsed !== null && parsed !== undefined && parsed === document.querySelector('h1');
      });
      expect(kept, route.path).toBe(true);
      // Interactive now: the header's menu button opens the navigation drawer.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
    }
    expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });

  it('stylesheets the code brings later follow the page’s own style elements', async () => {
    // Placed before a pre-rendered page's <style> elements (Mantine's, in the body), a new sheet
    // makes Chromium rebuild every rule and restyle and lay out the whole page again: a long
    // task on a phone for each route, toast or menu that brings a sheet. After them it only adds.
    const html = await (await fetch(new URL('/what-is-bima-sugam', inject('baseUrl')))).text();
    const inHtml = [...html.matchAll(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/what-is-bima-sugam');
    // The menu's drawer brings its stylesheets with its code.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    const { styles, added, beforeAStyle } = await page.evaluate((linked) => {
      const lastStyle = [...document.querySelectorAll('style')].at(-1);
      const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].filter(
        (link) => !linked.includes(link.getAttribute('href') ?? ''),
      );
      return {
        styles: document.querySelectorAll('style').length,
        added: sheets.length,
        beforeAStyle: sheets
          .filter(
            (link) =>
              lastStyle !== undefined &&
              (link.compareDocumentPosition(lastStyle) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
          )
          .map((link) => link.getAttribute('href')),
      };
    }, inHtml);
    expect(styles).toBeGreaterThan(0);
    expect(added).toBeGreaterThan(0);
    expect(beforeAStyle).toEqual([]);
  });

  it('content changed since the build replaces the built copy on opening, with no loading between', async () => {
    const question = `Added after the build ${randomUUID()}?`;
    const remove = await addContent('faqs', { question, answer: 'A fresh answer.' });
    try {
      session = await openBrowser(viewports.phone);
      const { page } = session;
      // Records, from the first parsed byte, whether a loading placeholder ever showed.
      await page.addInitScript(() => {
        const seen = { loading: false };
        Object.assign(window, { loadingSeen: seen });
        new MutationObserver(() => {
          if (document.body?.innerText.includes('Loading questions')) seen.loading = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const html = await (await fetch(new URL('/faq', inject('baseUrl')))).text();
      expect(html).not.toContain(question);
      expect(html).toContain('What is Bima Sugam?');

      await session.goto('/faq');
      await page.getByRole('button', { name: question }).waitFor();
      expect((await page.locator('main').getByRole('button').allInnerTexts())[0]).toBe(question);
      const seen = await page.evaluate(
        () => (window as Window & { loadingSeen?: { loading: boolean } }).loadingSeen?.loading,
      );
      expect(seen).toBe(false);
    } finally {
      await remove();
    }
  });
});

/** True once the news, glossary and FAQ lists are all stored on this device. */
async function contentListsStored(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    // Opening a database that does not exist yet would create an empty one.
    if (!names.includes('bimaguide-content')) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('bimaguide-content');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('listSync')) return false;
      const lists = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('listSync').objectStore('listSync').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return ['news', 'glossary', 'faqs'].every((list) => lists.includes(list));
    } finally {
      db.close();
    }
  });
}

/** The service worker has cached the app, so pages never opened still start offline. */
// Installing the service worker precaches the whole app, which is slow on a busy machine.
describe('offline content that tells the truth', { timeout: 120_000 }, () => {
  it('after one online visit of the home page, FAQs, articles and terms never opened read offline', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    const footer = page.locator('footer');
    await session.goto('/');
    await waitForServiceWorker(page);
    await expect.poll(() => contentListsStored(page), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await footer.getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    const questions = page.locator('main').getByRole('button');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(12);
    await expect(page.getByText('No FAQs found.').count()).resolves.toBe(0);

    await footer.getByRole('link', { name: 'News' }).click();
    await page.getByRole('link', { name: new RegExp(SECOND_ARTICLE_TITLE.slice(0, 30)) }).click();
    await page.getByRole('heading', { level: 1, name: SECOND_ARTICLE_TITLE }).waitFor();

    await footer.getByRole('link', { name: 'Glossary' }).click();
    await page.locator('main a[href="/glossary/idv"]').click();
    await page.getByRole('heading', { level: 1, name: 'Insured Declared Value (IDV)' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  it('a list never fetched says Not available offline yet, and loads by itself on reconnecting', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    const api = `${inject('apiUrl')}/rest/v1/**`;
    // The one online visit could not reach the server either (a dead zone on a train).
    await page.route(api, (route) => route.abort('internetdisconnected'));
    await session.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);

    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await page.getByText('Not available offline yet').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // Give a wrong "nothing here" the chance to appear before checking it never does.
    await page.waitForTimeout(1000);
    await expect(page.getByText('No FAQs found.').count()).resolves.toBe(0);

    await page.unroute(api);
    await context.setOffline(false);
    const questions = page.locator('main').getByRole('button', { name: 'What is Bima Sugam?' });
    await questions.waitFor();
    expect(await page.locator('main [aria-expanded]').count()).toBe(12);
  });

  it('an article and a term never fetched offer Try again instead of loading forever', async () => {
    // Written after the build, so no page of theirs was pre-rendered.
    const slug = `added-${randomUUID()}`;
    const removeTerm = await addContent('glossary', {
      term: 'Added term',
      slug,
      definition: 'Written after the build.',
    });
    const removeArticle = await addContent('news', {
      title: 'Added after the build',
      slug,
      content: 'Written after the build.',
    });
    try {
      session = await openBrowser(viewports.phone);
      const { page } = session;
      const api = `${inject('apiUrl')}/rest/v1/**`;
      await page.route(api, (route) => route.abort('internetdisconnected'));

      // Online but the server unreachable: supabase-js retries a failed read for about 7 s
      // first, between attempts on the page's clock, which the test moves on instead of
      // waiting. A page that loads forever is still loading after minutes of its time.
      await page.clock.install();
      const unavailable = page.getByRole('heading', {
        level: 1,
        name: 'Not available offline yet',
      });
      for (const path of [`/glossary/${slug}`, `/news/${slug}`]) {
        await session.goto(path);
        await expect
          .poll(
            async () => {
              await page.clock.fastForward(1_000);
              return unavailable.isVisible();
            },
            { timeout: 20_000, interval: 100 },
          )
          .toBe(true);
      }

      await page.unroute(api);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: 'Added after the build' }).waitFor();
    } finally {
      await removeArticle();
      await removeTerm();
    }
  });
});

describe('trust and polish', () => {
  const phone = { width: 390, height: 844 };

  it('an expired credential is never presented as valid, on /advice and in every footer', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    // After every date in src/config/site.ts's credentials.
    await page.clock.setFixedTime(new Date('2026-11-25T10:00:00+05:30'));
    for (const path of ['/', '/advice', '/about', '/faq', '/disclaimer']) {
      await session.goto(path);
      await page
        .getByText(/validity ended April 2026/)
        .first()
        .waitFor();
      const text = await page.locator('body').innerText();
      expect(text, path).not.toMatch(/valid till/i);
    }
    await session.goto('/advice');
    // The pre-rendered page names the credential alone until the browser says what day it is,
    // so wait for this region's own text rather than the footer's.
    const credentials = page.getByRole('region', { name: 'Our credentials' });
    await credentials
      .getByText('Broker Licence No. 487 — validity ended April 2026; renewal being confirmed', {
        exact: true,
      })
      .waitFor();
    const advice = await credentials.innerText();
    expect(advice).toContain('validity ended 08 Nov 2025; renewal being confirmed');
    expect(advice).not.toMatch(/valid till/i);
  });

  it('a credential still in date keeps the spec text', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await page.clock.setFixedTime(new Date('2026-03-01T10:00:00+05:30'));
    await session.goto('/advice');
    const credentials = page.getByRole('region', { name: 'Our credentials' });
    await credentials
      .getByText('Broker Licence No. 487, valid till April 2026', { exact: true })
      .waitFor();
    await page
      .locator('footer')
      .getByText(/Broker Licence No\. 487, valid till April 2026\./)
      .waitFor();
  });

  it("the hero's not-the-official-portal badge is readable whole on a phone", async () => {
    session = await openBrowser(phone);
    const { page } = session;
    await session.goto('/');
    const badge = page.getByText('Independent guide · Not the official portal');
    await badge.waitFor();
    const box = await badge.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    const clipped = await badge.evaluate((label) => {
      const elements = [label, label.parentElement].filter((el) => el !== null);
      return elements.some((el) => el.scrollWidth > el.clientWidth);
    });
    expect(clipped).toBe(false);
  });

  it("the term guide's calculator link lands on the Human Life Value calculator", async () => {
    session = await openBrowser(phone);
    const { page } = session;
    await session.goto('/term-insurance');
    await page.getByRole('link', { name: 'Try the Human Life Value calculator' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const tab = page.getByRole('tab', { name: 'Human Life Value', selected: true });
    await tab.waitFor();
    const form = page.getByRole('form', { name: 'Human Life Value calculator' });
    await form.waitFor();
    // On screen: the tab below the sticky header and the form's first field in view.
    await expect
      .poll(() =>
        tab.evaluate((el) => {
          const rect = el.getBoundingClientRect();
          return rect.top >= 64 && rect.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await expect
      .poll(() =>
        form
          .getByLabel('Current Age (Years)', { exact: true })
          .evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight),
      )
      .toBe(true);
  });
});
