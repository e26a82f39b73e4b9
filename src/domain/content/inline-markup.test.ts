import { describe, expect, it } from 'vitest';
import { parseInline, plainText } from './inline-markup';

describe('inline markup of the content data', () => {
  it('reads links and bold words, and keeps the text between them', () => {
    expect(parseInline('See [the tracker](/policy-tracker-intro) — **free**.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the tracker', to: '/policy-tracker-intro' },
      { kind: 'text', text: ' — ' },
      { kind: 'strong', text: 'free' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves brackets that are not a link to a site path as text', () => {
    expect(parseInline('Section 10(10D) [sic] and [x](https://example.com)')).toEqual([
      { kind: 'text', text: 'Section 10(10D) [sic] and [x](https://example.com)' },
    ]);
  });

  it('gives the words a reader sees', () => {
    expect(plainText('**TPA:** read [the guide](/health-insurance).')).toBe('TPA: read the guide.');
  });
});
