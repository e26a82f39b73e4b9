import { describe, expect, it } from 'vitest';
import { describeDbError } from './db-error';

// The messages are Postgres's and PostgREST's own wording, as the admin screens receive them.
describe('describeDbError', () => {
  it.each([
    [
      'duplicate key value violates unique constraint "news_slug_key"',
      'An article with this address already exists.',
    ],
    [
      'duplicate key value violates unique constraint "glossary_slug_key"',
      'A term with this address already exists.',
    ],
    [
      'duplicate key value violates unique constraint "policy_types_global_name_key"',
      'A policy type with this name already exists.',
    ],
    [
      'duplicate key value violates unique constraint "faqs_question_key"',
      'An FAQ with these details already exists.',
    ],
    [
      'duplicate key value violates unique constraint "something_else"',
      'A record with these details already exists.',
    ],
  ])('unique violation %s', (message, sentence) => {
    expect(describeDbError({ code: '23505', message })).toBe(sentence);
  });

  it('foreign key: a row still referenced cannot be deleted; a reference to a gone row', () => {
    expect(
      describeDbError({
        code: '23503',
        message:
          'update or delete on table "policy_types" violates foreign key constraint "policies_policy_type_id_fkey" on table "policies"',
      }),
    ).toBe('This policy type is still used by other records, so it cannot be deleted or changed.');
    expect(
      describeDbError({
        code: '23503',
        message:
          'insert or update on table "policies" violates foreign key constraint "policies_policy_type_id_fkey"',
      }),
    ).toBe('This policy refers to something that no longer exists. Reload the page and try again.');
  });

  it.each([
    [
      'new row for relation "news" violates check constraint "news_slug_format"',
      'The address (slug) may only use lowercase letters, numbers, hyphens and underscores.',
    ],
    [
      'new row for relation "news" violates check constraint "news_title_length"',
      'The title is empty or too long.',
    ],
    [
      'new row for relation "glossary" violates check constraint "glossary_definition_length"',
      'The definition is empty or too long.',
    ],
    [
      'new row for relation "policy_types" violates check constraint "policy_types_icon_length"',
      'The icon name is empty or too long.',
    ],
    [
      'new row for relation "policies" violates check constraint "policies_renewal_after_start"',
      'One of the values is not accepted. Check the form and try again.',
    ],
  ])('check constraint %s', (message, sentence) => {
    expect(describeDbError({ code: '23514', message })).toBe(sentence);
  });

  it('not-null and too-long values name what to fix', () => {
    expect(
      describeDbError({
        code: '23502',
        message: 'null value in column "answer" of relation "faqs" violates not-null constraint',
      }),
    ).toBe('The answer is required.');
    expect(
      describeDbError({ code: '22001', message: 'value too long for type character varying(60)' }),
    ).toBe('One of the values is too long.');
  });

  it.each([
    ['42501', 'new row violates row-level security policy for table "news"'],
    ['42501', 'permission denied for table news'],
    ['PGRST301', 'JWT expired'],
  ])('permission (%s) asks to sign in again as the admin', (code, message) => {
    expect(describeDbError({ code, message })).toBe(
      'You are not allowed to do this. Sign in again as the admin and try again.',
    );
  });

  it.each(['TypeError: Failed to fetch', 'Network request failed', 'fetch failed', 'Load failed'])(
    'network failure %s',
    (message) => {
      expect(describeDbError({ code: '', message })).toBe(
        'Could not reach the server. Check your connection and try again.',
      );
    },
  );

  it('a timeout and a vanished row say what happened', () => {
    expect(
      describeDbError({ code: '57014', message: 'canceling statement due to statement timeout' }),
    ).toBe('The server took too long to answer. Try again in a moment.');
    expect(
      describeDbError({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
      }),
    ).toBe('It no longer exists: someone may have deleted it. Reload the list.');
  });

  it('keeps messages already written for people, and never answers with nothing', () => {
    expect(
      describeDbError({
        code: null,
        message: 'New password should be different from the old password.',
      }),
    ).toBe('New password should be different from the old password.');
    expect(describeDbError({ code: null, message: '' })).toBe('Something went wrong. Try again.');
  });
});
