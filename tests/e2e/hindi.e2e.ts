import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

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
