import { isNetworkFailure } from '@/domain/admin';
import { UNEXPECTED_RESPONSE, type ApiError } from '@/lib/api-call';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * A failed call (src/lib/api-call.ts) on a tracker screen, in the user's language: no answer,
 * or one that did not parse, as sentences of ours; anything else with the server's own words
 * as the detail. English reads as it always did (the call's message: the server's words, or
 * the sentence describeDbError makes of them).
 */
export function apiErrorText(t: Translate, error: ApiError): string {
  const words = error.words ?? error.message;
  if (error.code === UNEXPECTED_RESPONSE) return t('tracker.api.unexpected');
  if (error.code === null && isNetworkFailure(words)) return t('tracker.api.unreachable');
  return t('tracker.api.other', { message: error.message, words });
}
