import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keep-unchanged';

const row = (id: string, name: string, tags: string[] = []) => ({ id, name, tags, meta: { n: 1 } });

describe('keepUnchanged', () => {
  it('gives the earlier list back when every item is equal, nested values included', () => {
    const previous = [row('a', 'Star', ['x']), row('b', 'Niva')];
    const next = [row('a', 'Star', ['x']), row('b', 'Niva')];
    expect(keepUnchanged(previous, next)).toBe(previous);
  });

  it('keeps the objects of unchanged items and takes the changed one', () => {
    const previous = [row('a', 'Star'), row('b', 'Niva')];
    const next = [row('a', 'Star'), row('b', 'Niva Bupa')];
    const kept = keepUnchanged(previous, next);
    expect(kept).not.toBe(previous);
    expect(kept[0]).toBe(previous[0]);
    expect(kept[1]).toBe(next[1]);
  });

  it('says a list changed when items moved, were added or removed, even if all are equal', () => {
    const previous = [row('a', 'Star'), row('b', 'Niva')];
    const moved = keepUnchanged(previous, [row('b', 'Niva'), row('a', 'Star')]);
    expect(moved).not.toBe(previous);
    expect(moved).toEqual([previous[1], previous[0]]);
    expect(moved[0]).toBe(previous[1]);
    expect(keepUnchanged(previous, [row('a', 'Star')])).toEqual([previous[0]]);
    expect(keepUnchanged(previous, [...previous, row('c', 'HDFC')])).not.toBe(previous);
  });

  it('sees a change deep inside an item', () => {
    const previous = [row('a', 'Star', ['x'])];
    const next = [row('a', 'Star', ['y'])];
    expect(keepUnchanged(previous, next)[0]).toBe(next[0]);
  });

  it('takes the new list as it is when there was none before', () => {
    const next = [row('a', 'Star')];
    expect(keepUnchanged(undefined, next)).toBe(next);
  });
});
