import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, createUser, uniqueEmail } from './helpers/accounts';
import {
  openBrowser,
  viewports,
  waitForServiceWorker,
  type BrowserSession,
} from './helpers/browser';
import { apiSignIn, rpcAs } from './helpers/sharing';
import { addDays, browserToday, notifications, serviceWorkerTarget } from './helpers/reminders';

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
  // Products named as they are sold ("Google Calendar या Apple Calendar").
  'Google',
  'Apple',
  'Calendar',
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
  'HLV',
  'Bima',
  'Sugam',
  // Units and file kinds Hindi writes as they are.
  'KB',
  'MB',
  'GB',
  'PDF',
  'JPEG',
  'PNG',
  'WebP',
  'HEIC',
  'CSV',
  'JSON',
]);

/** Latin-script words in `text`, e-mail addresses, proper nouns and the user's own words aside. */
function latinWords(text: string, usersOwn: readonly string[] = []): string[] {
  const words = text.replace(/\S+@\S+/g, '').match(/[A-Za-z]{2,}/g) ?? [];
  return words.filter((word) => !properNouns.has(word) && !usersOwn.includes(word));
}

/** Latin-script words a reader sees in `selector` (see latinWords). */
async function englishWords(
  page: Page,
  selector: string,
  usersOwn: readonly string[] = [],
): Promise<string[]> {
  return latinWords(await page.locator(selector).first().innerText(), usersOwn);
}

/**
 * Latin-script words anywhere on the screen a reader meets them: the tab's title, the page's visible text
 * (dialogs, menus, toasts and notices included) and the names a screen reader says
 * (`aria-label`, `title`, `placeholder`, `alt`, `aria-valuetext` of every element not hidden,
 * the toast region's among them). See latinWords for what is allowed.
 */
async function englishOnScreen(page: Page, usersOwn: readonly string[] = []): Promise<string[]> {
  const text = await page.evaluate(() => {
    const names = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];
    // The browser tab's title too.
    const parts = [document.title, document.body.innerText];
    for (const element of document.body.querySelectorAll(names.map((n) => `[${n}]`).join())) {
      if (!element.checkVisibility()) continue;
      for (const name of names) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
  return latinWords(text, usersOwn);
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
    // The tab follows the switch made on the page.
    await expect
      .poll(() => page.title())
      .toBe('बीमा सुगम को समझें और भरोसे के साथ सही बीमा खरीदें | BimaGuide');

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

/** How the policy form takes a typed date. */
function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

describe('the policy tracker in Hindi (issue 21 part 3)', () => {
  it('signs up, adds a policy, is reminded in Hindi and marks it renewed, with no English UI text', async () => {
    session = await openBrowser(viewports.desktop, { persistent: true });
    const { page, context, baseUrl } = session;
    const origin = new URL(baseUrl).origin;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.grantPermissions', {
      origin,
      permissions: ['notifications', 'periodicBackgroundSync', 'durableStorage'],
    });
    // What the user types is theirs, whatever its script.
    const usersOwn = ['Star', 'Health'];
    const today = browserToday();
    const due = addDays(today, 7);

    await session.goto('/');
    await switchToHindi(page);
    await session.goto('/login');
    await page.getByRole('tab', { name: 'साइन अप' }).click();
    await page.getByLabel('ईमेल', { exact: true }).fill(`hindi-${randomUUID()}@example.com`);
    await page.getByLabel('पासवर्ड', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'साइन अप', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    await page.getByRole('heading', { level: 1, name: 'पॉलिसी डैशबोर्ड' }).waitFor();
    await page.getByText('अभी कोई पॉलिसी नहीं').waitFor();
    expect(await englishWords(page, 'main')).toEqual([]);
    expect(await englishOnScreen(page)).toEqual([]);

    // The form, its validation and its saved toast.
    await page.getByRole('link', { name: 'अपनी पहली पॉलिसी जोड़ें' }).click();
    await page.getByRole('heading', { level: 1, name: 'नई पॉलिसी जोड़ें' }).waitFor();
    await page.getByRole('button', { name: 'पॉलिसी जोड़ें', exact: true }).click();
    await page.getByText('बीमा कंपनी का नाम भरना ज़रूरी है').waitFor();
    await page.getByText('पॉलिसी का प्रकार चुनना ज़रूरी है').waitFor();
    expect(await englishWords(page, 'main')).toEqual([]);
    // The insurer's example ("जैसे, Star Health") is a name.
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);
    await page.getByRole('combobox', { name: 'पॉलिसी का प्रकार' }).click();
    await page.getByRole('option', { name: 'हेल्थ', exact: true }).click();
    await page.getByRole('textbox', { name: 'बीमा कंपनी का नाम' }).fill('Star Health');
    await page.getByRole('textbox', { name: 'पॉलिसी नंबर' }).fill('12345678');
    // The date picker names the months and weekdays in Hindi.
    await page.getByRole('textbox', { name: 'शुरू होने की तारीख़' }).click();
    await page.getByRole('button', { name: 'अगला महीना' }).waitFor();
    await page.getByText('सो', { exact: true }).first().waitFor();
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'शुरू होने की तारीख़' }).fill(typed(addDays(due, -365)));
    await page.getByRole('textbox', { name: 'अगले रिन्यूअल की तारीख़' }).fill(typed(due));
    await page.getByRole('textbox', { name: 'अगले रिन्यूअल की तारीख़' }).press('Tab');
    await page.getByLabel('प्रीमियम की राशि').fill('18500');
    await page.getByRole('button', { name: 'पॉलिसी जोड़ें', exact: true }).click();
    await page.getByText('पॉलिसी जुड़ गई!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');

    // The dashboard: the card, its status and counter, the due-soon panel and the totals.
    const card = page.getByRole('article', { name: 'Star Health', exact: true });
    await card.getByText('जल्द देय', { exact: true }).waitFor();
    await card.getByText('7 दिन शेष', { exact: true }).waitFor();
    const panel = page.getByRole('region', { name: 'जिन रिन्यूअल पर ध्यान देना है' });
    await panel.getByRole('list', { name: '7 दिन के अंदर' }).waitFor();
    await page.getByText('सभी बदलाव सिंक हो गए').waitFor();
    expect(await englishWords(page, 'main', usersOwn)).toEqual([]);
    expect(await englishWords(page, 'header')).toEqual([]);
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);

    // The service worker's daily check reminds in the language the page last showed.
    await waitForServiceWorker(page, 20_000);
    const target = await serviceWorkerTarget(cdp, origin);
    await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
      ...target,
      tag: 'bimaguide-renewals',
    });
    await expect.poll(() => notifications(page), { timeout: 10_000 }).toHaveLength(1);
    const [reminder] = await notifications(page);
    expect(reminder?.title).toMatch(/^Star Health का रिन्यूअल .+ को है — प्रीमियम ₹18,500$/);
    expect(reminder?.body).toMatch(/^हेल्थ पॉलिसी, 7 दिन में रिन्यूअल है। /);
    expect(latinWords(`${reminder?.title} ${reminder?.body}`, usersOwn)).toEqual([]);

    // Mark Renewed is "रिन्यू हो गई", its dialog and its toast in Hindi too.
    await card.getByRole('button', { name: 'रिन्यू हो गई: Star Health 12345678' }).click();
    const dialog = page.getByRole('dialog', { name: 'रिन्यू हो गई?' });
    await dialog.getByText('रिन्यूअल की तारीख़:').waitFor();
    expect(latinWords(await dialog.innerText())).toEqual([]);
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);
    await dialog.getByRole('button', { name: 'रिन्यूअल पक्का करें' }).click();
    await page.getByText('पॉलिसी रिन्यू हो गई!', { exact: true }).waitFor();
    await card.getByText('चालू', { exact: true }).waitFor();
    // Renewed, nothing is due: the panel goes once the local store has the new date.
    await expect.poll(() => panel.count()).toBe(0);

    // The policy's own page, with its payment recorded by the renewal.
    await card.getByRole('link', { name: 'Star Health' }).click();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    await page.getByRole('heading', { name: 'भुगतान' }).waitFor();
    await page.getByText(/^कुल ₹18,500$/).waitFor();
    expect(await englishWords(page, 'main', usersOwn)).toEqual([]);
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);
  });

  it('tells of another device’s change, shares a summary and refuses a file, all in Hindi', async () => {
    const email = uniqueEmail('hindi-notice');
    await createUser(email);
    const account = await apiSignIn(email);
    session = await openBrowser(viewports.desktop);
    const { page } = session;
    // The share sheet, as a phone has it: what the app hands it is kept to be read.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          Object.assign(window, { sharedWithSheet: data });
        },
      });
    });
    const usersOwn = ['Star', 'Health', 'SH', 'empty', 'pdf', 'notes', 'docx'];
    const due = addDays(browserToday(), 200);

    await session.goto('/');
    await switchToHindi(page);
    await session.goto('/login');
    await page.getByLabel('ईमेल', { exact: true }).fill(email);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'लॉग इन', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    await page.getByText('अभी कोई पॉलिसी नहीं').waitFor({ timeout: 30_000 });

    await session.goto('/policy-tracker/new');
    await page.getByRole('combobox', { name: 'पॉलिसी का प्रकार' }).click();
    await page.getByRole('option', { name: 'हेल्थ', exact: true }).click();
    await page.getByRole('textbox', { name: 'बीमा कंपनी का नाम' }).fill('Star Health');
    await page.getByRole('textbox', { name: 'पॉलिसी नंबर' }).fill('SH-21');
    await page.getByRole('textbox', { name: 'शुरू होने की तारीख़' }).fill(typed(addDays(due, -365)));
    await page.getByRole('textbox', { name: 'अगले रिन्यूअल की तारीख़' }).fill(typed(due));
    await page.getByRole('textbox', { name: 'अगले रिन्यूअल की तारीख़' }).press('Tab');
    await page.getByLabel('प्रीमियम की राशि').fill('60000');
    await page.getByRole('button', { name: 'पॉलिसी जोड़ें', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    const card = page.getByRole('article', { name: 'Star Health', exact: true });

    // This device changes the premium; once that reached the server, another device changes
    // it again. The dashboard says so, in Hindi, with the way to put this device's value back.
    await card.getByRole('button', { name: 'Star Health SH-21 के लिए और विकल्प' }).click();
    await page.getByRole('menuitem', { name: 'बदलें' }).click();
    await page.getByLabel('प्रीमियम की राशि').fill('70000');
    await page.getByRole('button', { name: 'बदलाव सहेजें', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/policy-tracker');
    await page.getByText('सभी बदलाव सिंक हो गए').waitFor({ timeout: 20_000 });
    const policyId = await card.getAttribute('data-policy-id');
    expect(policyId).toBeTruthy();
    // "All changes synced" can still be on screen for a moment after the save (the engine's
    // count catches up once IndexedDB answers, later while a sync holds the store): the other
    // device's change would then land first and lose to this one, with nothing to tell. So
    // the server is asked.
    const premiumOnServer = async () => {
      const pulled = await rpcAs<{ changes: { table: string; row: Record<string, unknown> }[] }>(
        account,
        'sync_pull',
        { since: 0, max: 100 },
      );
      const row = pulled.changes.find((c) => c.table === 'policies' && c.row.id === policyId);
      return row?.row.premium_amount;
    };
    await expect.poll(premiumOnServer, { timeout: 20_000 }).toBe(70000);
    const [answer] = await rpcAs<{ status: string }[]>(account, 'sync_push', {
      ops: [
        {
          op_id: randomUUID(),
          table: 'policies',
          kind: 'upsert',
          row: { id: policyId, premium_amount: 66000 },
        },
      ],
    });
    expect(answer?.status).toBe('applied');
    await page
      .getByText('Star Health (SH-21) — किसी दूसरे डिवाइस पर बदली गई: प्रीमियम ₹70,000 → ₹66,000')
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Star Health (SH-21) के लिए मेरे वाले रखें' }).waitFor();
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);

    // Sharing the policy hands the share sheet a summary in Hindi.
    await card.getByRole('button', { name: 'Star Health SH-21 के लिए और विकल्प' }).click();
    await page.getByRole('menuitem', { name: 'शेयर करें' }).click();
    const shared = await page.waitForFunction(() =>
      'sharedWithSheet' in window ? (window.sharedWithSheet as ShareData) : undefined,
    );
    const summary = (await shared.jsonValue()) as ShareData;
    expect(summary.text).toContain('पॉलिसी नंबर: SH-21');
    expect(summary.text).toContain('प्रीमियम: ₹66,000 (हर साल)');
    expect(latinWords(`${summary.title} ${summary.text}`, usersOwn)).toEqual([]);

    // On the policy's page, files it cannot take are refused with reasons in Hindi.
    await card.getByRole('link', { name: 'Star Health' }).click();
    await page.getByRole('heading', { level: 1, name: 'Star Health' }).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'फ़ाइल जोड़ें', exact: true }).click(),
    ]);
    await chooser.setFiles([
      { name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
      { name: 'notes.docx', mimeType: 'application/msword', buffer: Buffer.from('notes') },
    ]);
    await page.getByText('empty.pdf खाली है।').waitFor();
    await page.getByText(/^notes\.docx नहीं जोड़ी जा सकती।/).waitFor();
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);

    // The reminder settings, a page under the dashboard, lead back in Hindi too.
    await session.goto('/policy-tracker/settings');
    await page.getByRole('link', { name: 'पॉलिसी डैशबोर्ड पर वापस जाएँ' }).waitFor();
    expect(await englishOnScreen(page, usersOwn)).toEqual([]);
    // Switched back here, the tab is English again.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect.poll(() => page.title()).toBe('Reminder settings | BimaGuide');
  }, 180_000);
});
