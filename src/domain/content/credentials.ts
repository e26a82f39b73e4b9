/**
 * Licences and certifications end on a date, and the site must never call one valid after
 * that date. The texts are decided here from the stored expiry and today's date, so renewing a
 * credential is one edit (its `validUntil` in src/config/site.ts).
 */

/** A calendar date, `YYYY-MM-DD`. */
type IsoDate = string;

export interface Credential {
  /** The last day the credential is valid. */
  validUntil: IsoDate;
  /** How the date is written: 'April 2026' or '08 Nov 2025'. */
  shownAs: 'month' | 'day';
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'April 2026' or '08 Nov 2025'. */
export function credentialDate({ validUntil, shownAs }: Credential): string {
  const [year = '', month = '', day = ''] = validUntil.split('-');
  const name = MONTHS[Number(month) - 1] ?? '';
  return shownAs === 'month' ? `${name} ${year}` : `${day} ${name.slice(0, 3)} ${year}`;
}

/** ISO dates compare correctly as text. */
export function isCredentialCurrent(credential: Credential, today: IsoDate): boolean {
  return today <= credential.validUntil;
}

/**
 * 'Broker Licence No. 487, valid till April 2026' while valid, 'Broker Licence No. 487 —
 * validity ended April 2026; renewal being confirmed' after. With no date known yet (a page
 * pre-rendered at build time, before the browser says what day it is) the name alone: a
 * claim of validity is made only when it is known to be true.
 */
export function credentialText(
  name: string,
  credential: Credential,
  today: IsoDate | null,
): string {
  if (today === null) return name;
  const date = credentialDate(credential);
  return isCredentialCurrent(credential, today)
    ? `${name}, valid till ${date}`
    : `${name} — validity ended ${date}; renewal being confirmed`;
}
