import { monthNames } from '@/domain/month-names';

/**
 * Licences and certifications end on a date, and the site must never call one valid after
 * that date. Whether one is still valid is decided here from the stored expiry and today's date,
 * so renewing a credential is one edit (its `validUntil` in src/config/site.ts); the sentences,
 * in each language, are src/components/credentials.ts's.
 */

/** A calendar date, `YYYY-MM-DD`. */
type IsoDate = string;

export interface Credential {
  /** The last day the credential is valid. */
  validUntil: IsoDate;
  /** How the date is written: 'April 2026' or '08 Nov 2025'. */
  shownAs: 'month' | 'day';
}

/** 'April 2026' or '08 Nov 2025'. */
export function credentialDate({ validUntil, shownAs }: Credential): string {
  const [year = '', month = '', day = ''] = validUntil.split('-');
  const name = monthNames.en.long[Number(month) - 1] ?? '';
  return shownAs === 'month' ? `${name} ${year}` : `${day} ${name.slice(0, 3)} ${year}`;
}

/** ISO dates compare correctly as text. */
export function isCredentialCurrent(credential: Credential, today: IsoDate): boolean {
  return today <= credential.validUntil;
}
