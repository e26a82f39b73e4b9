import { afterEach, describe, expect, it } from 'vitest';
import {
  activateLoaded,
  activateLocale,
  catalogTitle,
  i18n,
  initialLocale,
  loadCatalogPart,
  localeFromPath,
  localizedPage,
  pathInLocale,
} from './i18n';
import { allMessages, catalogsOf } from '../../tests/helpers/catalogs';

describe('localized addresses', () => {
  it('puts a localized page under /hi/ in Hindi and leaves every other path alone', () => {
    expect(pathInLocale('/faq', 'hi')).toBe('/hi/faq');
    expect(pathInLocale('/how-to/claims-on-bima-sugam', 'hi')).toBe(
      '/hi/how-to/claims-on-bima-sugam',
    );
    expect(pathInLocale('/faq', 'en')).toBe('/faq');
    expect(pathInLocale('/policy-tracker', 'hi')).toBe('/policy-tracker');
    expect(pathInLocale('/', 'hi')).toBe('/');
  });

  it('reads which page and language an address is', () => {
    expect(localizedPage('/hi/what-is-bima-sugam')).toEqual({
      path: '/what-is-bima-sugam',
      locale: 'hi',
    });
    expect(localizedPage('/what-is-bima-sugam/')).toEqual({
      path: '/what-is-bima-sugam',
      locale: 'en',
    });
    expect(localizedPage('/news')).toBeNull();
    expect(localizedPage('/hi/news')).toBeNull();
  });

  it('lets a guide address decide its language, and the choice decide the rest', () => {
    localStorage.setItem('bimaguide.locale', 'hi');
    expect(initialLocale('/health-insurance')).toBe('en');
    expect(initialLocale('/hi/health-insurance')).toBe('hi');
    expect(initialLocale('/policy-tracker')).toBe('hi');
    localStorage.setItem('bimaguide.locale', 'en');
    expect(initialLocale('/hi/anything')).toBe('hi');
    expect(localeFromPath('/news')).toBeNull();
    localStorage.removeItem('bimaguide.locale');
  });
});

describe('catalog parts', () => {
  afterEach(() => activateLoaded('en', allMessages.en));

  it('loads a part’s texts when asked, and again in the language switched to', async () => {
    activateLoaded('en', catalogsOf.en.main);
    // Not in the catalog every page loads first.
    expect(i18n._('calc.tab.hlv')).toBe('calc.tab.hlv');

    await loadCatalogPart('calculators');
    expect(i18n._('calc.tab.hlv')).toBe('Human Life Value');
    expect(i18n._('shell.skipToContent')).toBe('Skip to main content');

    await activateLocale('hi');
    expect(i18n._('calc.tab.hlv')).toBe('ह्यूमन लाइफ़ वैल्यू');
    // A part nobody asked for stays out.
    expect(i18n._('callback.product.Health Insurance')).toBe('callback.product.Health Insurance');
  });
});

describe('the page language', () => {
  afterEach(() => activateLoaded('en', allMessages.en));

  it('follows a switch, and leaves a page that already says its language untouched', async () => {
    activateLoaded('en', catalogsOf.en.main);
    document.documentElement.lang = 'hi-IN';
    const writes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) writes.push(String(record.attributeName));
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

    // A pre-rendered Hindi page opening in Hindi: its markup says so already.
    await activateLocale('hi');
    await Promise.resolve();
    expect(writes).toEqual([]);

    await activateLocale('en');
    await Promise.resolve();
    expect(document.documentElement.lang).toBe('en-IN');
    expect(writes).toEqual(['lang']);
    observer.disconnect();
  });
});

describe('tab titles', () => {
  afterEach(() => activateLoaded('en', allMessages.en));

  it('names a page in the active language, with the brand after it', () => {
    activateLoaded('en', allMessages.en);
    expect(catalogTitle('tracker.dashboard.title')).toBe('Policy Dashboard | BimaGuide');
    activateLoaded('hi', allMessages.hi);
    expect(catalogTitle('tracker.dashboard.title')).toBe('पॉलिसी डैशबोर्ड | BimaGuide');
    expect(catalogTitle('auth.login.tab')).toBe('लॉग इन | BimaGuide');
  });
});
