import { setupI18n, type Messages } from '@lingui/core';
import type { MessageRef } from '@/domain/message';
import { sayMessage } from '@/lib/say-message';
import { messages as enMain } from '@/locales/en.po';
import { messages as hiMain } from '@/locales/hi.po';
import { messages as enCalculators } from '@/locales/calculators/en.po';
import { messages as hiCalculators } from '@/locales/calculators/hi.po';
import { messages as enCallback } from '@/locales/callback/en.po';
import { messages as hiCallback } from '@/locales/callback/hi.po';
import { messages as enNotices } from '@/locales/notices/en.po';
import { messages as hiNotices } from '@/locales/notices/hi.po';
import { messages as enTracker } from '@/locales/tracker/en.po';
import { messages as hiTracker } from '@/locales/tracker/hi.po';
import { messages as enAccount } from '@/locales/account/en.po';
import { messages as hiAccount } from '@/locales/account/hi.po';
import { messages as enOutlook } from '@/locales/outlook/en.po';
import { messages as hiOutlook } from '@/locales/outlook/hi.po';
import { messages as enContent } from '@/locales/content/en.po';
import { messages as hiContent } from '@/locales/content/hi.po';

/** Each language's catalogs (src/lib/i18n.ts): the one every page loads, then each part's. */
export const catalogsOf = {
  en: {
    main: enMain,
    calculators: enCalculators,
    callback: enCallback,
    notices: enNotices,
    tracker: enTracker,
    account: enAccount,
    outlook: enOutlook,
    content: enContent,
  },
  hi: {
    main: hiMain,
    calculators: hiCalculators,
    callback: hiCallback,
    notices: hiNotices,
    tracker: hiTracker,
    account: hiAccount,
    outlook: hiOutlook,
    content: hiContent,
  },
} satisfies Record<string, Record<string, Messages>>;

/** Every text of a language, as a page that has loaded all its parts has them. */
export const allMessages = {
  en: {
    ...enMain,
    ...enCalculators,
    ...enCallback,
    ...enNotices,
    ...enTracker,
    ...enAccount,
    ...enOutlook,
    ...enContent,
  },
  hi: {
    ...hiMain,
    ...hiCalculators,
    ...hiCallback,
    ...hiNotices,
    ...hiTracker,
    ...hiAccount,
    ...hiOutlook,
    ...hiContent,
  },
} satisfies Record<string, Messages>;

const catalogs = setupI18n({ locale: 'en', messages: allMessages });

/**
 * A message from src/domain or src/sync as a screen says it in `locale`, without touching the
 * app's active language (integration tests run with none).
 */
export function said(message: MessageRef, locale: keyof typeof allMessages = 'en'): string {
  catalogs.activate(locale);
  return sayMessage((id, values) => catalogs._(id, values), message);
}
