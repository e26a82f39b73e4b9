import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { allMessages, catalogsOf } from '../../tests/helpers/catalogs';

const { en, hi } = allMessages;
const parts = Object.keys(catalogsOf.en) as (keyof typeof catalogsOf.en)[];

describe('message catalogs', () => {
  it.each(parts)(
    'has the same message ids in every language, none missing and none extra (%s)',
    (part) => {
      const english = Object.keys(catalogsOf.en[part]).sort();
      const hindi = Object.keys(catalogsOf.hi[part]).sort();
      expect(hindi.filter((id) => !english.includes(id))).toEqual([]);
      expect(english.filter((id) => !hindi.includes(id))).toEqual([]);
      expect(english.length).toBeGreaterThan(10);
    },
  );

  it('has each id in one catalog only, so a part loaded later never replaces a text', () => {
    const ids = parts.flatMap((part) => Object.keys(catalogsOf.en[part]));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('has a text for every id in every language', () => {
    for (const catalog of [en, hi]) {
      const empty = Object.entries(catalog).filter(([, message]) => message.length === 0);
      expect(empty.map(([id]) => id)).toEqual([]);
    }
  });

  it('counts days with Hindi plural rules: 1 दिन शेष, 5 दिन शेष', () => {
    const i18n = setupI18n({ locale: 'hi', messages: { hi } });
    expect(i18n._('status.daysLeft', { count: 1 })).toBe('1 दिन शेष');
    expect(i18n._('status.daysLeft', { count: 5 })).toBe('5 दिन शेष');
    expect(i18n._('calc.hlv.covers', { years: 1 })).toBe('रिटायरमेंट तक 1 साल की आय को कवर करता है।');
  });

  it('keeps English plurals as the spec writes them', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en } });
    expect(i18n._('status.daysLeft', { count: 1 })).toBe('1 day left');
    expect(i18n._('status.daysLeft', { count: 5 })).toBe('5 days left');
    expect(i18n._('calc.hlv.covers', { years: 25 })).toBe(
      'Covers 25 years of income until retirement.',
    );
  });
});
