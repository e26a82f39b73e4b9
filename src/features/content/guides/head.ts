import { pageTitle, site } from '@/config/site';
import { i18n, pathInLocale, type Locale, type LocalizedPath } from '@/lib/i18n';
import type { LocalizedPage, PageMeta } from './model';
import { fillSiteValues, siteValues } from './site-values';

const hreflang: Record<Locale, string> = { en: 'en', hi: 'hi' };

/**
 * A localized page's head: its title and description in its language, a canonical link to
 * itself, and alternates naming both languages' addresses (English as x-default), so search
 * engines list each version for its readers.
 */
export function localizedHead(page: LocalizedPage<{ meta: PageMeta }> | undefined) {
  if (!page) return {};
  // The head is made outside React; the page's language is active by then (src/routes/_site.tsx).
  const values = siteValues((id) => i18n._(id));
  const url = (locale: Locale) => `${site.url}${pathInLocale<LocalizedPath>(page.path, locale)}`;
  return {
    meta: [
      { title: pageTitle(fillSiteValues(page.content.meta.title, values)) },
      { name: 'description', content: fillSiteValues(page.content.meta.description, values) },
    ],
    links: [
      { rel: 'canonical', href: url(page.locale) },
      ...(['en', 'hi'] as const).map((locale) => ({
        rel: 'alternate',
        hrefLang: hreflang[locale],
        href: url(locale),
      })),
      { rel: 'alternate', hrefLang: 'x-default', href: url('en') },
    ],
  };
}
