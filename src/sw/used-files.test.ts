import { describe, expect, it } from 'vitest';
import { precachedUrls, usedFilesToCache } from './used-files';

const origin = 'https://bima.example';

describe('usedFilesToCache', () => {
  const precached = precachedUrls(
    ['shell.html', 'assets/entry.js', { url: 'assets/theme.css', revision: null }],
    origin,
  );

  it('asks only for built files the precache does not hold, each once', () => {
    expect(
      usedFilesToCache(
        {
          type: 'CACHE_URLS',
          urls: [
            `${origin}/assets/entry.js`,
            `${origin}/assets/theme.css`,
            `${origin}/assets/tracker.js`,
            `${origin}/assets/tracker.js`,
            '/assets/admin.js',
            `${origin}/shell.html`,
            'https://cdn.example/assets/other.js',
            42,
            'http://[not a url',
          ],
        },
        origin,
        precached,
      ),
    ).toEqual([`${origin}/assets/tracker.js`, `${origin}/assets/admin.js`]);
  });

  it('takes at most 200 files, and no other message', () => {
    const urls = Array.from({ length: 250 }, (_, i) => `${origin}/assets/f${i}.js`);
    expect(usedFilesToCache({ type: 'CACHE_URLS', urls }, origin, precached)).toHaveLength(200);
    expect(usedFilesToCache({ type: 'SKIP_WAITING' }, origin, precached)).toBeNull();
    expect(usedFilesToCache({ type: 'CACHE_URLS', urls: 'x' }, origin, precached)).toBeNull();
    expect(usedFilesToCache(null, origin, precached)).toBeNull();
  });
});
