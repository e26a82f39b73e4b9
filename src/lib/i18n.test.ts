import { afterEach, describe, expect, it } from 'vitest';
import { activateLoaded, activateLocale, i18n, loadCatalogPart } from './i18n';
import { allMessages, catalogsOf } from '../../tests/helpers/catalogs';

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
