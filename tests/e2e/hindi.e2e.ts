import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  viewports,
  waitForServiceWorker,
  type BrowserSession,
} from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Names and abbreviations that stay as they are in Hindi text (the switcher names English). */
const properNouns = new Set([
  'English',
  'BimaGuide',
  'WhatsApp',
  'BMI',
  'ULIP',
  'IRDAI',
  'POSP',
  'Ctrl',
  // Abbreviations Hindi writing about insurance keeps as they are.
  'UPI',
  'KYC',
  'PAN',
  'SMS',
  'TPA',
  'ULIP',
  'eIA',
]);

/** Latin-script words a reader sees in `selector`, e-mail addresses and proper nouns aside. */
async function englishWords(page: Page, selector: string): Promise<string[]> {
  const text = await page.locator(selector).first().innerText();
  const words = text.replace(/\S+@\S+/g, '').match(/[A-Za-z]{2,}/g) ?? [];
  return words.filter((word) => !properNouns.has(word));
}

async function switchToHindi(page: Page) {
  await page.getByRole('button', { name: 'हिंदी', exact: true }).click();
  await page.waitForSelector('html[lang="hi-IN"]');
}

describe('BimaGuide in Hindi', () => {
  it('switches the header, home page and footer to Hindi, and a reload keeps it', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    await switchToHindi(page);
    await page.getByRole('heading', { level: 1, name: 'बीमा सुगम को समझें' }).waitFor();
    await page.getByRole('navigation', { name: 'मुख्य' }).getByText('होम').waitFor();
    expect(await englishWords(page, 'header')).toEqual([]);
    expect(await englishWords(page, 'footer')).toEqual([]);
    // The hero and cards, before the calculators (checked below).
    const hero = await page.locator('main').innerText();
    expect(hero).toContain('भरोसे के साथ सही बीमा खरीदें');
    // The switcher now offers English, in English.
    await page.getByRole('button', { name: 'English', exact: true }).waitFor();

    await session.goto('/');
    await page.waitForSelector('html[lang="hi-IN"]');
    await page.getByRole('heading', { level: 1, name: 'बीमा सुगम को समझें' }).waitFor();
    expect(await englishWords(page, 'header')).toEqual([]);
  });

  it('the BMI and HLV calculators work in Hindi with no English UI text', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    await switchToHindi(page);
    await session.goto('/?calc=bmi#calculators');
    const bmi = page.getByRole('tabpanel', { name: 'BMI कैलकुलेटर' });
    await bmi.waitFor();
    await bmi.getByLabel('लंबाई (फ़ुट)', { exact: true }).pressSequentially('5');
    await bmi.getByLabel('लंबाई (इंच) (वैकल्पिक)', { exact: true }).pressSequentially('7');
    await bmi.getByLabel('वज़न (किलो)', { exact: true }).pressSequentially('70');
    await bmi.getByRole('button', { name: 'हिसाब लगाएँ' }).click();
    await bmi.getByRole('heading', { name: 'आपका BMI' }).waitFor();
    await bmi.getByText('सामान्य', { exact: true }).waitFor();
    expect(await englishWords(page, '#calculators')).toEqual([]);

    await page.getByRole('tab', { name: 'ह्यूमन लाइफ़ वैल्यू' }).click();
    const hlv = page.getByRole('tabpanel', { name: 'ह्यूमन लाइफ़ वैल्यू' });
    await hlv.getByRole('button', { name: 'हिसाब लगाएँ' }).click();
    await hlv.getByText('अपनी अभी की उम्र भरें').waitFor();
    await hlv.getByLabel('अभी की उम्र (वर्ष)', { exact: true }).pressSequentially('30');
    await hlv.getByLabel('सालाना शुद्ध आय', { exact: true }).pressSequentially('900000');
    await expect(hlv.getByLabel('सालाना शुद्ध आय', { exact: true }).inputValue()).resolves.toBe(
      '9,00,000',
    );
    await hlv.getByRole('button', { name: 'हिसाब लगाएँ' }).click();
    await hlv.getByText('₹2,70,00,000', { exact: true }).waitFor();
    await hlv.getByText('रिटायरमेंट तक 30 साल की आय को कवर करता है।').waitFor();
    expect(await englishWords(page, '#calculators')).toEqual([]);
  });

  it('offers the switch in the phone menu too', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'हिंदी', exact: true }).click();
    await page.waitForSelector('html[lang="hi-IN"]');
    await page.getByRole('dialog', { name: 'मेन्यू' }).getByText('पॉलिसी ट्रैकर').waitFor();
  });
});

/** The Bima Sugam guide's address in each language, and what its heading says there. */
const guide = {
  en: { path: '/what-is-bima-sugam', h1: 'What is Bima Sugam?' },
  hi: { path: '/hi/what-is-bima-sugam', h1: 'बीमा सुगम क्या है?' },
} as const;

/** Every Hindi page pre-rendered at build time, with its heading. */
const hindiPages = [
  [guide.hi.path, guide.hi.h1],
  ['/hi/health-insurance', 'स्वास्थ्य बीमा गाइड'],
  ['/hi/term-insurance', 'टर्म बीमा गाइड'],
  ['/hi/motor-insurance', 'मोटर बीमा गाइड'],
  ['/hi/how-to/claims-on-bima-sugam', 'बीमा क्लेम कैसे करें'],
  ['/hi/how-to/link-existing-policies', 'अपनी मौजूदा पॉलिसी कैसे जोड़ें'],
  ['/hi/policy-tracker-intro', 'हर बीमा पॉलिसी एक ही जगह ट्रैक करें'],
  ['/hi/contact', 'संपर्क करें'],
  ['/hi/faq', 'अक्सर पूछे जाने वाले सवाल'],
] as const;

async function servedHtml(path: string): Promise<string> {
  return (await fetch(new URL(path, inject('baseUrl')))).text();
}

function linkHref(html: string, rel: string, hreflang?: string): string | undefined {
  const tags = html.slice(0, html.indexOf('</head>')).match(/<link\b[^>]*>/g) ?? [];
  const tag = tags.find(
    (link) =>
      link.includes(`rel="${rel}"`) &&
      // HTML attribute names ignore case; React writes hrefLang.
      (hreflang === undefined || link.toLowerCase().includes(`hreflang="${hreflang}"`)),
  );
  return tag ? /href="([^"]*)"/.exec(tag)?.[1] : undefined;
}

describe('guides in Hindi at /hi/…', () => {
  it('opens the Bima Sugam guide in Hindi from the Hindi menu, with no English left, and switches back by address', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    await switchToHindi(page);
    await page
      .getByRole('navigation', { name: 'मुख्य' })
      .getByRole('link', { name: 'बीमा सुगम क्या है' })
      .click();
    await page.waitForURL(/\/hi\/what-is-bima-sugam$/);
    await page.getByRole('heading', { level: 1, name: guide.hi.h1 }).waitFor();
    expect(await page.title()).toContain('बीमा सुगम क्या है?');
    expect(await englishWords(page, 'main')).toEqual([]);
    expect(await englishWords(page, 'header')).toEqual([]);
    expect(await englishWords(page, 'footer')).toEqual([]);
    // Links inside the guide stay in Hindi.
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: 'पॉलिसी ट्रैकर', exact: true })
        .first()
        .getAttribute('href'),
    ).resolves.toBe('/hi/policy-tracker-intro');
    await expect(
      page.getByRole('complementary', { name: 'सलाह लें' }).getByRole('link').getAttribute('href'),
    ).resolves.toBe('/hi/advice');

    // The switcher on a guide opens the other language's address.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.waitForURL(/\/what-is-bima-sugam$/);
    expect(new URL(page.url()).pathname).toBe(guide.en.path);
    await page.getByRole('heading', { level: 1, name: guide.en.h1 }).waitFor();
    await page.waitForSelector('html[lang="en-IN"]');
    await page.getByRole('button', { name: 'हिंदी', exact: true }).click();
    await page.waitForURL(/\/hi\/what-is-bima-sugam$/);
    await page.getByRole('heading', { level: 1, name: guide.hi.h1 }).waitFor();
  });

  it('an English guide address shows English even with Hindi chosen; other pages keep the choice', async () => {
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    await session.goto('/');
    await switchToHindi(page);
    await session.goto('/health-insurance');
    await page.getByRole('heading', { level: 1, name: 'Health Insurance Guide' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en-IN');
    // The way to the Hindi version is one press away.
    await page.getByRole('button', { name: 'हिंदी', exact: true }).waitFor();
    await session.goto('/');
    await page.getByRole('heading', { level: 1, name: 'बीमा सुगम को समझें' }).waitFor();
  });

  it('serves every Hindi page pre-rendered in Hindi, with hreflang and canonical links both ways', async () => {
    for (const [path, h1] of hindiPages) {
      const html = await servedHtml(path);
      expect(html, path).toContain('<html lang="hi-IN"');
      expect(html, path).toContain('data-prerendered');
      expect(html, path).toContain(h1);
    }
    const hindi = await servedHtml(guide.hi.path);
    const english = await servedHtml(guide.en.path);
    expect(english).toContain('<html lang="en-IN"');
    for (const [html, self] of [
      [hindi, guide.hi.path],
      [english, guide.en.path],
    ] as const) {
      expect(new URL(linkHref(html, 'canonical') ?? '').pathname).toBe(self);
      expect(new URL(linkHref(html, 'alternate', 'hi') ?? '').pathname).toBe(guide.hi.path);
      expect(new URL(linkHref(html, 'alternate', 'en') ?? '').pathname).toBe(guide.en.path);
      expect(new URL(linkHref(html, 'alternate', 'x-default') ?? '').pathname).toBe(guide.en.path);
    }
    // The FAQ's questions stay in the language they were written in, inside Hindi chrome.
    expect(await servedHtml('/hi/faq')).toContain('Is Bima Sugam available to everyone today?');
  });

  it('a Hindi guide reloads offline, and one never opened opens offline in Hindi', async () => {
    session = await openBrowser(viewports.phone);
    const { page, context } = session;
    await session.goto(guide.hi.path);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: guide.hi.h1 }).waitFor();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await page.goto(new URL('/hi/health-insurance', session.baseUrl).toString());
    await page.getByRole('heading', { level: 1, name: 'स्वास्थ्य बीमा गाइड' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi-IN');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });
});
