import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes a key once, undefined results included, and starts again past its limit', () => {
    const computed: string[] = [];
    const lengthOf = boundedMemo((key) => {
      computed.push(key);
      return key === '' ? undefined : key.length;
    }, 2);
    expect([lengthOf('ab'), lengthOf('ab'), lengthOf(''), lengthOf('')]).toEqual([
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(computed).toEqual(['ab', '']);
    expect(lengthOf('abc')).toBe(3);
    expect(lengthOf('ab')).toBe(2);
    expect(computed).toEqual(['ab', '', 'abc', 'ab']);
  });
});
