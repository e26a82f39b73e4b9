import { knownAuthError } from '@/domain/auth';
import { i18n } from '@/lib/i18n';

/** A refusal from GoTrue in the active language, or in its own words when the app does not know it. */
export function authErrorText(message: string): string {
  const known = knownAuthError(message);
  return known ? i18n._(known.id, known.values) : message;
}
