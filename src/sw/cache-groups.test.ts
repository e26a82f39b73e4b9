import { describe, expect, it } from 'vitest';
import { splitManifest } from './cache-groups';

describe('splitManifest', () => {
  it('precaches the entries without a group and lists each group’s files by address', () => {
    const { precache, groups } = splitManifest(
      [
        'shell.html',
        { url: 'assets/entry.js', revision: 'a' },
        { url: 'assets/dashboard.js', revision: 'b', groups: ['tracker'] },
        { url: 'assets/guide.hi.js', revision: 'c', groups: ['hi'] },
        { url: 'assets/tracker.hi.js', revision: 'd', groups: ['hi', 'tracker'] },
      ],
      'https://bima.example',
    );
    expect(precache).toEqual(['shell.html', { url: 'assets/entry.js', revision: 'a' }]);
    expect(groups.get('tracker')).toEqual([
      'https://bima.example/assets/dashboard.js',
      'https://bima.example/assets/tracker.hi.js',
    ]);
    expect(groups.get('hi')).toEqual([
      'https://bima.example/assets/guide.hi.js',
      'https://bima.example/assets/tracker.hi.js',
    ]);
  });
});
