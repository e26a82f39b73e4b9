import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  failure,
  thrown,
  UNEXPECTED_RESPONSE,
  type ApiError,
  type ApiResult,
} from '@/lib/api-call';
import { allMessages } from '../../../tests/helpers/catalogs';
import { shareErrorMessage } from '../sharing/share-messages';
import { apiErrorText } from './api-error-text';

const i18n = setupI18n({ locale: 'en', messages: allMessages });
function translator(locale: 'en' | 'hi') {
  i18n.activate(locale);
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
}

function errorOf(result: ApiResult<never>): ApiError {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}
const refusal = (message: string, code: string | null) => errorOf(failure(message, code));

const refusedByPolicy = refusal('permission denied for table policy_shares', '42501');
const expiredToken = refusal('JWT expired', 'PGRST301');
const noRow = refusal('JSON object requested, multiple (or no) rows returned', 'PGRST116');

describe('a failed call as a consumer screen says it', () => {
  it('never tells a policy holder to sign in as the admin', () => {
    const t = translator('en');
    for (const error of [refusedByPolicy, expiredToken]) {
      const text = apiErrorText(t, error);
      expect(text).toBe('You are not allowed to do this. Sign in again and try again.');
      expect(shareErrorMessage(t, error)).toBe(text);
      expect(text).not.toMatch(/admin/i);
    }
  });

  it('says a policy that is gone or no longer shared is gone, in both languages', () => {
    expect(apiErrorText(translator('en'), noRow)).toBe(
      'It no longer exists: it may have been deleted, or it is no longer shared with you. Reload and try again.',
    );
    expect(apiErrorText(translator('hi'), noRow)).toMatch(/^यह अब मौजूद नहीं है/);
    expect(apiErrorText(translator('hi'), refusedByPolicy)).toMatch(/अनुमति नहीं है/);
    expect(apiErrorText(translator('hi'), refusal('canceling statement', '57014'))).toMatch(
      /बहुत देर/,
    );
  });

  it('keeps the server’s own words for anything else, and names lost connections and odd answers', () => {
    const odd = refusal('new row violates row-level security policy', 'P0001');
    expect(apiErrorText(translator('en'), odd)).toBe('new row violates row-level security policy');
    expect(apiErrorText(translator('hi'), odd)).toBe(
      'यह नहीं हो सका (new row violates row-level security policy)',
    );
    expect(apiErrorText(translator('en'), errorOf(thrown(new TypeError('Failed to fetch'))))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(shareErrorMessage(translator('en'), refusal('x', UNEXPECTED_RESPONSE))).toBe(
      'The server sent an unexpected response.',
    );
  });
});
