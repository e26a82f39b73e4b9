import { formatMoment } from '@/lib/format';
import { activeLocale, i18n } from '@/lib/i18n';

/**
 * A camera photo's name, in the language shown when it was taken: "Photo 24 Nov 2025, 10:32
 * am" · "फ़ोटो 24 नव॰ 2025, 10:32". It is the document's name from then on (synced, shown on
 * every device, renamed by the user if they like), so a later switch of language leaves it.
 */
export function photoName(takenAt: Date, timeZone?: string): string {
  return i18n._('documents.photoName', { when: formatMoment(takenAt, activeLocale(), timeZone) });
}
