import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSnapshot } from '@/domain/dashboard-snapshot';
import { setBuildEntry } from '@/lib/build-entry';
import { keepDashboardSnapshot } from './dashboard-snapshot';

const shell =
  '<html><head><script type="module" crossorigin src="/assets/index-Keep01.js"></script></head>' +
  '<body><div id="root"><!--prerender:start--><div>bar</div><!--prerender:end--></div></body></html>';

describe('the dashboard kept from the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept so the worker can paint it, also from a page the build pre-rendered and React hydrated', async () => {
    const written: string[] = [];
    vi.stubGlobal('caches', {
      open: async () => ({
        put: async (_key: string, response: Response) => void written.push(await response.text()),
        delete: async () => true,
      }),
    });
    setBuildEntry('http://localhost/assets/index-Keep01.js');
    const root = document.createElement('div');
    // React's markers of a hydrated page's server-rendered parts stay in its DOM.
    root.innerHTML =
      '<!--$--><a href="#main-content" class="skip-link">Skip</a><main><ul><li>Star Health</li></ul></main><!--/$-->';

    await keepDashboardSnapshot(root, {
      today: '2026-11-28',
      lang: 'en-IN',
      user: '0b6e1c2a-1f2e-4d3c-8b4a-5e6f7a8b9c0d',
    });

    expect(written).toHaveLength(1);
    const kept: unknown = JSON.parse(written[0] ?? '');
    const page = withSnapshot(shell, kept, '', new Date(2026, 10, 28, 9));
    expect(page).toContain('<main><ul><li>Star Health</li></ul></main>');
    expect(page).not.toContain('<!--$-->');
  });
});
