import { site } from '@/config/site';

/**
 * The facts every language shares, written once (src/config/site.ts and the catalogs' `site.*`)
 * and named in the pages' text as placeholders: `{brand}`, `{disclaimer}`, `{hours}`,
 * `{location}`.
 */
export function siteValues(t: (id: string) => string): Record<string, string> {
  return {
    brand: site.brand,
    disclaimer: t('site.disclaimer'),
    hours: t('site.hours'),
    location: t('site.location'),
  };
}

export function fillSiteValues(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
