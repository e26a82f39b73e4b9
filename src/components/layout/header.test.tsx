import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, screen, userEvent } from '../../../tests/helpers/render';

afterEach(() => {
  vi.doUnmock('./mobile-menu');
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the phone menu', () => {
  it('opens its links in plain markup when its drawer cannot load (a first visit gone offline)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock('./mobile-menu', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { Header } = await import('./header');
    renderWithRouter(<Header renderAccount={() => null} />, '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(menu).toHaveAttribute('id', 'mobile-menu');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-controls',
      'mobile-menu',
    );
    const links = Array.from(menu.querySelectorAll('a'), (a) => a.textContent);
    expect(links).toEqual(['Home', 'What is Bima Sugam', 'Policy Tracker']);
  });
});
