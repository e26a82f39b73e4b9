import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, viewports, type BrowserSession } from './helpers/browser';

let session: BrowserSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Only the selected tab's panel is visible, so scoping to it avoids the hidden forms. */
async function openCalculator(tab: string, tabLabel: string) {
  session = await openBrowser(viewports.desktop);
  await session.goto(`/?calc=${tab}`);
  const { page } = session;
  const panel = page.getByRole('tabpanel', { name: tabLabel });
  await panel.waitFor();
  await expect(
    page.getByRole('tab', { name: tabLabel }).getAttribute('aria-selected'),
  ).resolves.toBe('true');
  return { page, panel };
}

/** Types key by key, as a person would, so the as-you-type digit grouping is exercised. */
async function typeInto(panel: ReturnType<Page['getByRole']>, label: string, text: string) {
  await panel.getByLabel(label, { exact: true }).pressSequentially(text);
}

describe('calculators on the home page', () => {
  it('Human Life Value shows the recommended cover in rupees', async () => {
    const { panel } = await openCalculator('hlv', 'Human Life Value');
    await expect(
      panel.getByLabel('Desired Retirement Age (Years)', { exact: true }).inputValue(),
    ).resolves.toBe('60');
    await typeInto(panel, 'Current Age (Years)', '30');
    await typeInto(panel, 'Annual Net Income', '1500000');
    await expect(panel.getByLabel('Annual Net Income', { exact: true }).inputValue()).resolves.toBe(
      '15,00,000',
    );
    await typeInto(panel, 'Existing Insurance Cover (optional)', '5000000');
    await typeInto(panel, 'Liabilities (Loans, etc.) (optional)', '1000000');
    await panel.getByRole('button', { name: 'Calculate' }).click();

    // 15,00,000 × (60 − 30) + 10,00,000 − 50,00,000 = 4,10,00,000
    await panel.getByRole('heading', { name: 'Your Recommended Life Cover' }).waitFor();
    await panel.getByText('₹4,10,00,000', { exact: true }).waitFor();
  });

  it('Human Life Value says what is wrong with bad input and shows nothing', async () => {
    const { panel } = await openCalculator('hlv', 'Human Life Value');
    await typeInto(panel, 'Current Age (Years)', '150');
    await typeInto(panel, 'Annual Net Income', 'lots');
    await panel.getByRole('button', { name: 'Calculate' }).click();
    await panel.getByText('Age must be 120 or less').waitFor();
    await panel.getByText('Enter a number, e.g. 15,00,000').waitFor();
    await expect(
      panel.getByRole('heading', { name: 'Your Recommended Life Cover' }).count(),
    ).resolves.toBe(0);
  });

  it('BMI shows the value with two decimals and the category', async () => {
    const { panel } = await openCalculator('bmi', 'BMI Calculator');
    await panel.getByText(/Enter your height and weight/).waitFor();
    await typeInto(panel, 'Height (Feet)', '5');
    await typeInto(panel, 'Height (Inches) (optional)', '9');
    await typeInto(panel, 'Weight (kg)', '70');
    await panel.getByRole('button', { name: 'Calculate' }).click();

    // 69 in = 1.7526 m; 70 / 1.7526² = 22.79
    await panel.getByText('22.79', { exact: true }).waitFor();
    await panel.getByText('Normal', { exact: true }).waitFor();
    await expect(panel.getByText(/Enter your height and weight/).count()).resolves.toBe(0);
  });

  it('Retirement Planning shows the corpus, grown savings and monthly investment', async () => {
    const { panel } = await openCalculator('retirement', 'Retirement Planning');
    await typeInto(panel, 'Current Age (Years)', '40');
    await typeInto(panel, 'Monthly Expenses', '40000');
    await typeInto(panel, 'Current Savings (optional)', '1000000');
    await panel.getByRole('button', { name: 'Calculate' }).click();

    // y = 20: corpus = 40,000 × 1.06^20 × 12 / 0.04 = 3,84,85,625.67
    // savings = 10,00,000 × 1.08^20 = 46,60,957.14; gap 3,38,24,668.52 → 57,425.29 a month
    await panel.getByRole('heading', { name: 'Your Retirement Plan' }).waitFor();
    await panel.getByText('₹3,84,85,626', { exact: true }).waitFor();
    await panel.getByText('₹46,60,957', { exact: true }).waitFor();
    await panel.getByText('₹57,425', { exact: true }).waitFor();
    await panel.getByText(/Assumes 6% inflation, 8% returns/).waitFor();
  });

  it('Child Education works with the sliders from the keyboard', async () => {
    const { page, panel } = await openCalculator('child-edu', 'Child Education');
    await typeInto(panel, "Child's Current Age (Years)", '5');
    await typeInto(panel, 'Age at Higher Education (Years)', '18');
    await typeInto(panel, 'Present Cost of Education', '1000000');
    await panel.getByRole('button', { name: 'Calculate' }).click();

    // 10,00,000 × 1.06^13 = 21,32,928.26; at 8%/12 over 156 months: 7,815.20 a month
    await panel.getByRole('heading', { name: 'Your Education Plan' }).waitFor();
    await panel.getByText('₹21,32,928', { exact: true }).waitFor();
    await panel.getByText('₹7,815', { exact: true }).waitFor();

    const returnSlider = panel.getByRole('slider', { name: 'Expected Return (%)' });
    await returnSlider.focus();
    await page.keyboard.press('PageUp');
    await expect(returnSlider.getAttribute('aria-valuenow')).resolves.toBe('18');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(returnSlider.getAttribute('aria-valuenow')).resolves.toBe('7');
    await page.keyboard.press('PageDown');
    await expect(returnSlider.getAttribute('aria-valuenow')).resolves.toBe('0');
    await expect(returnSlider.getAttribute('aria-valuetext')).resolves.toBe('0%');
    await panel.getByRole('button', { name: 'Calculate' }).click();

    // 0% return: 21,32,928.26 / 156 = 13,672.62 a month
    await panel.getByText('₹13,673', { exact: true }).waitFor();
    await panel.getByText(/Assumes 6% education inflation, 0% returns/).waitFor();
  });

  it('the chosen tab is kept in the address and survives a reload', async () => {
    session = await openBrowser(viewports.phone);
    const { page } = session;
    await session.goto('/');
    // Below the fold, the calculators load as the reader scrolls towards them.
    // (The placeholder is replaced as the section loads, so the page scrolls it, not a handle.)
    await page.evaluate(() => document.getElementById('calculators')?.scrollIntoView());
    const hlvTab = page.getByRole('tab', { name: 'Human Life Value' });
    await hlvTab.waitFor();
    await expect(hlvTab.getAttribute('aria-selected')).resolves.toBe('true');

    await page.getByRole('tab', { name: 'BMI Calculator' }).click();
    await page.waitForURL((url) => url.searchParams.get('calc') === 'bmi');
    await page.reload();
    await page.getByRole('tabpanel', { name: 'BMI Calculator' }).waitFor();
    await expect(
      page.getByRole('tab', { name: 'BMI Calculator' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
  });
});
