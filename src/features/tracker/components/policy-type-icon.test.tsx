import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../../../../tests/helpers/render';
import { act } from '@testing-library/react';
import { lookUpIcon, PolicyTypeIcon } from './policy-type-icon';

function drawn(container: HTMLElement): string | null {
  return container.querySelector('svg')?.getAttribute('data-icon') ?? null;
}

describe('PolicyTypeIcon', () => {
  it.each([
    ['Car', 'car'],
    ['HeartPulse', 'heart-pulse'],
    ['TrendingUp', 'trending-up'],
    ['Umbrella', 'umbrella'],
    [null, 'shield'],
  ])('draws %s at once', (name, icon) => {
    const { container } = render(<PolicyTypeIcon name={name} />);
    expect(drawn(container)).toBe(icon);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('loads any other Lucide icon by name', async () => {
    const { container } = render(<PolicyTypeIcon name="PiggyBank" />);
    await waitFor(() => expect(drawn(container)).toBe('piggy-bank'));
  });

  it('keeps the default for a name Lucide does not have', async () => {
    const { container } = render(<PolicyTypeIcon name="NoSuchIconAnywhere" />);
    expect(drawn(container)).toBe('shield');
    // The same (cached) lookup the component started: once it settles, still the default.
    await act(async () => {
      expect(await lookUpIcon('no-such-icon-anywhere')).toBeNull();
    });
    expect(drawn(container)).toBe('shield');
  });
});
