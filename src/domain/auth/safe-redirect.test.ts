import { describe, expect, it } from 'vitest';
import { redirectFromSearch, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/policy-tracker', '/policy-tracker'],
    ['/policy-tracker/edit/42', '/policy-tracker/edit/42'],
    ['/news/some-slug?x=1#top', '/news/some-slug?x=1#top'],
    ['/', '/'],
    ['/a/../policy-tracker', '/policy-tracker'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.test/',
    'http:/evil.test',
    'javascript:alert(1)',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    ' /policy-tracker',
    'policy-tracker',
    '',
    '/login',
    '/admin-login?redirect=/x',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeUndefined();
  });

  it('refuses anything that is not a string', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(null)).toBeUndefined();
    expect(safeRedirectPath(['/policy-tracker'])).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
  });
});

describe('redirectFromSearch', () => {
  it('reads and decodes the redirect parameter', () => {
    expect(redirectFromSearch('?redirect=%2Fpolicy-tracker%2Fnew')).toBe('/policy-tracker/new');
  });

  it('ignores an encoded external address', () => {
    expect(redirectFromSearch('?redirect=https%3A%2F%2Fevil.test')).toBeUndefined();
    expect(redirectFromSearch('?redirect=%2F%2Fevil.test')).toBeUndefined();
  });

  it('is undefined without the parameter', () => {
    expect(redirectFromSearch('')).toBeUndefined();
  });
});
