import { describe, expect, it } from 'vitest';
import { lucideIconKeys } from './icon-name';

describe('lucideIconKeys', () => {
  it.each([
    ['Car', 'car'],
    ['HeartPulse', 'heart-pulse'],
    ['TrendingUp', 'trending-up'],
    ['Umbrella', 'umbrella'],
    ['heart-pulse', 'heart-pulse'],
    [' ShieldCheck ', 'shield-check'],
    ['CarIcon', 'car'],
  ])('%s → %s first', (name, key) => {
    expect(lucideIconKeys(name)[0]).toBe(key);
  });

  it('tries digits both as their own word and attached', () => {
    expect(lucideIconKeys('Building2')).toEqual(['building-2', 'building2']);
    expect(lucideIconKeys('Grid2x2')).toEqual(['grid-2-x-2', 'grid-2x-2', 'grid2x2']);
  });

  it('has nothing to try for empty or odd input', () => {
    expect(lucideIconKeys('')).toEqual([]);
    expect(lucideIconKeys(null)).toEqual([]);
    expect(lucideIconKeys('../../etc')).toEqual([]);
    expect(lucideIconKeys('<svg>')).toEqual([]);
  });
});
