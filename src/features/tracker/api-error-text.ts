import { isNetworkFailure } from '@/domain/admin';
import { UNEXPECTED_RESPONSE, type ApiError } from '@/lib/api-call';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * Refusals a signed-in consumer can meet on any screen, by PostgREST's code: the call's own
 * message is describeDbError's sentence for the admin area ("Sign in again as the admin…"),
 * which is wrong for them.
 */
const consumerIds: Record<string, string> = {
  '42501': 'tracker.api.notAllowed',
  PGRST301: 'tracker.api.notAllowed',
  PGRST302: 'tracker.api.notAllowed',
  PGRST303: 'tracker.api.notAllowed',
  PGRST116: 'tracker.api.gone',
  '57014': 'tracker.api.slow',
};

/**
 * A failed call (src/lib/api-call.ts) on a tracker or sharing screen, in the user's language:
 * no answer, one that did not parse, or a refusal of the kinds above as sentences of ours;
 * anything else with the server's own words as the detail. English reads as it always did
 * for those (the call's message: the server's words, or describeDbError's sentence for them).
 */
export function apiErrorText(t: Translate, error: ApiError): string {
  const words = error.words ?? error.message;
  if (error.code === UNEXPECTED_RESPONSE) return t('tracker.api.unexpected');
  if (error.code === null && isNetworkFailure(words)) return t('tracker.api.unreachable');
  const id = error.code === null ? undefined : consumerIds[error.code];
  if (id !== undefined) return t(id);
  return t('tracker.api.other', { message: error.message, words });
}
