import { describe, expect, it } from 'vitest';
import { cachedFilesRule } from './static-routes';

describe('cachedFilesRule', () => {
  it('routes only the listed code files of this origin to the caches, each matching itself alone', () => {
    const rule = cachedFilesRule(
      [
        'shell.html',
        'dashboard-shell.html',
        'assets/entry.js',
        'https://bima.example/assets/dashboard.js',
        'https://bima.example/assets/dashboard.js',
        'assets/theme.css',
        'https://cdn.example/assets/other.js',
        'favicon.svg',
      ],
      'https://bima.example',
    );
    expect(rule).toEqual({
      condition: {
        or: [
          { urlPattern: '/assets/entry.js' },
          { urlPattern: '/assets/dashboard.js' },
          { urlPattern: '/assets/theme.css' },
        ],
      },
      source: 'cache',
    });
  });

  it('escapes what URLPattern would read as a wildcard or group', () => {
    const rule = cachedFilesRule(['assets/a+b(1).js'], 'https://bima.example');
    expect(rule?.condition.or).toEqual([{ urlPattern: '/assets/a\\+b\\(1\\).js' }]);
  });

  it('adds no rule when there is nothing to route', () => {
    expect(cachedFilesRule(['shell.html'], 'https://bima.example')).toBeNull();
  });
});
