import { describe, expect, it } from 'vitest';
import { keepExisting, selectionState, toggleAll, toggleOne } from './selection';

const ids = ['a', 'b', 'c'];

describe('callback selection', () => {
  it('starts with nothing selected', () => {
    expect(selectionState(new Set(), ids)).toBe('none');
  });

  it('toggles one row on and off', () => {
    const one = toggleOne(new Set(), 'b');
    expect([...one]).toEqual(['b']);
    expect(selectionState(one, ids)).toBe('some');
    expect(selectionState(toggleOne(one, 'b'), ids)).toBe('none');
  });

  it('select-all selects every row, and clears when all are selected', () => {
    const all = toggleAll(new Set(), ids);
    expect(selectionState(all, ids)).toBe('all');
    expect(selectionState(toggleAll(all, ids), ids)).toBe('none');
  });

  it('select-all from a partial selection selects the rest', () => {
    expect(selectionState(toggleAll(new Set(['a']), ids), ids)).toBe('all');
  });

  it('selecting the last row by hand makes the selection complete', () => {
    const s = toggleOne(toggleOne(toggleOne(new Set(), 'a'), 'b'), 'c');
    expect(selectionState(s, ids)).toBe('all');
  });

  it('an empty table is never "all selected"', () => {
    expect(selectionState(new Set(), [])).toBe('none');
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });

  it('does not mutate the given set', () => {
    const s = new Set(['a']);
    toggleOne(s, 'b');
    toggleAll(s, ids);
    expect([...s]).toEqual(['a']);
  });

  it('forgets rows that disappeared after a reload', () => {
    expect([...keepExisting(new Set(['a', 'gone']), ids)]).toEqual(['a']);
  });
});
