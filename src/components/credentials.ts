import { site } from '@/config/site';
import { credentialDate, isCredentialCurrent, type Credential } from '@/domain/content/credentials';
// The date module alone: the footer is on every page (issue 22: the first download).
import { formatDate } from '@/lib/format-date';
import { useLocale, useT } from '@/lib/use-i18n';

/**
 * A licence or certification in the active language: the name alone until today's date is
 * known, then valid till / validity ended (src/domain/content/credentials.ts decides which).
 * English keeps the spec's date style ("April 2026", "08 Nov 2025"); Hindi names the month in
 * Hindi ("अप्रैल 2026").
 */
export function useCredentialText(): (
  name: string,
  credential: Credential,
  today: string | null,
) => string {
  const t = useT();
  const locale = useLocale();
  return (name, credential, today) => {
    if (today === null) return name;
    const date =
      locale === 'en'
        ? credentialDate(credential)
        : formatDate(credential.validUntil, credential.shownAs === 'month' ? 'month' : 'short');
    return isCredentialCurrent(credential, today)
      ? t('site.credential.validTill', { name, date })
      : t('site.credential.ended', { name, date });
  };
}

/** "Broker Licence No. 487, valid till April 2026" in the active language. */
export function useBrokerLicenceText(today: string | null): string {
  const t = useT();
  const credential = useCredentialText();
  return credential(
    t('site.brokerLicence', { number: site.licence.brokerNumber }),
    site.licence.broker,
    today,
  );
}

/** The licence note of the footer, the advice page and the disclaimer. */
export function useBrokerNote(today: string | null): string {
  const t = useT();
  return t('site.brokerNote', { licence: useBrokerLicenceText(today) });
}
