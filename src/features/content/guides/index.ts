// What the localized routes' loaders and heads need, and nothing they render: route loaders are
// in the app's first download, so the content itself comes by dynamic import, one language each.
import { i18n, loadCatalogPart, type Locale } from '@/lib/i18n';
import {
  loadLocalized,
  type GuideContent,
  type LocalizedPage,
  type PageMeta,
  type PerLocale,
} from './model';
import type { AdviceText, ContactText, IntroText } from './page-texts';

export { localizedHead } from './head';
export type { LocalizedPage, GuideContent, PageMeta } from './model';

const guides = {
  '/what-is-bima-sugam': {
    en: () => import('./data/what-is-bima-sugam.en'),
    hi: () => import('./data/what-is-bima-sugam.hi'),
  },
  '/health-insurance': {
    en: () => import('./data/health-insurance.en'),
    hi: () => import('./data/health-insurance.hi'),
  },
  '/term-insurance': {
    en: () => import('./data/term-insurance.en'),
    hi: () => import('./data/term-insurance.hi'),
  },
  '/motor-insurance': {
    en: () => import('./data/motor-insurance.en'),
    hi: () => import('./data/motor-insurance.hi'),
  },
  '/how-to/claims-on-bima-sugam': {
    en: () => import('./data/claims.en'),
    hi: () => import('./data/claims.hi'),
  },
  '/how-to/link-existing-policies': {
    en: () => import('./data/link-existing-policies.en'),
    hi: () => import('./data/link-existing-policies.hi'),
  },
} satisfies Record<string, PerLocale<GuideContent>>;

export type GuidePath = keyof typeof guides;

/** Every guide and how-to published in both languages. */
export const guidePaths = Object.keys(guides) as GuidePath[];

export function loadGuide(path: GuidePath, locale: Locale) {
  return loadLocalized(path, locale, guides[path]);
}

const intro: PerLocale<IntroText> = {
  en: () => import('./data/policy-tracker-intro.en'),
  hi: () => import('./data/policy-tracker-intro.hi'),
};

export function loadIntroText(locale: Locale) {
  return loadLocalized('/policy-tracker-intro', locale, intro);
}

const contact: PerLocale<ContactText> = {
  en: () => import('./data/contact.en'),
  hi: () => import('./data/contact.hi'),
};

export function loadContactText(locale: Locale) {
  return loadLocalized('/contact', locale, contact);
}

const advice: PerLocale<AdviceText> = {
  en: () => import('./data/advice.en'),
  hi: () => import('./data/advice.hi'),
};

export function loadAdviceText(locale: Locale) {
  return loadLocalized('/advice', locale, advice);
}

/** The FAQ page's texts are in the catalogs (its questions come from the database). */
export async function faqPage(locale: Locale): Promise<LocalizedPage<{ meta: PageMeta }>> {
  await loadCatalogPart('content');
  return {
    path: '/faq',
    locale,
    content: {
      meta: {
        title: i18n._('content.faq.metaTitle'),
        description: i18n._('content.faq.metaDescription'),
      },
    },
  };
}
