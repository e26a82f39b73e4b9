import { describe, expect, it } from 'vitest';
import { iconSlug, resolveIcon } from './icons';

describe('iconSlug', () => {
  it.each([
    ['Car', 'car'],
    ['HeartPulse', 'heart-pulse'],
    ['heartPulse', 'heart-pulse'],
    ['heart-pulse', 'heart-pulse'],
    ['Heart Pulse', 'heart-pulse'],
    ['  TrendingUp ', 'trending-up'],
    ['Building2', 'building-2'],
    ['Clock10', 'clock-10'],
    ['ArrowDown01', 'arrow-down-01'],
    ['Axis3d', 'axis-3d'],
    ['CarIcon', 'car'],
    ['LucideUmbrella', 'umbrella'],
    ['Icon', 'icon'],
  ])('%s → %s', (name, slug) => {
    expect(iconSlug(name)).toBe(slug);
  });

  it.each([null, undefined, '', '   ', '!!!'])('%s has no slug', (name) => {
    expect(iconSlug(name)).toBeNull();
  });
});

describe('resolveIcon', () => {
  it('bundles the seeded types’ icons', () => {
    expect(resolveIcon('Car')).toEqual({ kind: 'common', slug: 'car' });
    expect(resolveIcon('HeartPulse')).toEqual({ kind: 'common', slug: 'heart-pulse' });
    expect(resolveIcon('TrendingUp')).toEqual({ kind: 'common', slug: 'trending-up' });
    expect(resolveIcon('Umbrella')).toEqual({ kind: 'common', slug: 'umbrella' });
  });

  it('looks other names up and falls back to the default without a name', () => {
    expect(resolveIcon('PiggyBank')).toEqual({ kind: 'lookup', slug: 'piggy-bank' });
    expect(resolveIcon(null)).toEqual({ kind: 'default', slug: 'shield' });
    expect(resolveIcon(' ')).toEqual({ kind: 'default', slug: 'shield' });
  });
});
