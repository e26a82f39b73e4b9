import { describe, expect, it } from 'vitest';
import {
  balancedMarkup,
  entryScript,
  SNAPSHOT_MAX_CHARS,
  withSnapshot,
} from './dashboard-snapshot';

const shell = `<!doctype html>
<html lang="en-IN">
  <head>
    <script>addEventListener('beforeinstallprompt', function () {});</script>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Def456.css">
  </head>
  <body>
    <div id="root">
      <!--prerender:start-->
      <div aria-hidden="true" style="height: 64px">bar</div>
      <!--prerender:end-->
    </div>
  </body>
</html>`;

const noon = new Date(2026, 10, 28, 12, 0, 0);
const kept = {
  day: '2026-11-28',
  lang: 'en-IN',
  user: '0b6e1c2a-1f2e-4d3c-8b4a-5e6f7a8b9c0d',
  build: '/assets/index-AbC123.js',
  html: '<main><ul><li>Star Health &amp; Allied · HLT-1</li></ul></main>',
};

describe('the kept dashboard painted into the shell', () => {
  it('paints the kept cards in place of the bar, inert and in their language', () => {
    const page = withSnapshot(shell, kept, '', noon);
    expect(page).not.toBeNull();
    expect(page).toContain(
      '<div data-dashboard-snapshot="0b6e1c2a-1f2e-4d3c-8b4a-5e6f7a8b9c0d" lang="en-IN" inert><main><ul><li>Star Health &amp; Allied · HLT-1</li></ul></main></div>',
    );
    expect(page).not.toContain('bar</div>');
    // The rest of the shell is untouched: its scripts still start the app.
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(page?.endsWith('</html>')).toBe(true);
  });

  it("is not painted on another day: its 'renews in 3 days' would be wrong", () => {
    expect(withSnapshot(shell, kept, '', new Date(2026, 10, 29, 0, 0, 1))).toBeNull();
    expect(withSnapshot(shell, kept, '', new Date(2026, 10, 27, 23, 59, 59))).toBeNull();
  });

  it('is not painted by another build, whose stylesheets its markup may not match', () => {
    expect(withSnapshot(shell, { ...kept, build: '/assets/index-Old999.js' }, '', noon)).toBeNull();
  });

  it('is not painted for an address with filters: it is the whole list', () => {
    expect(withSnapshot(shell, kept, '?type=health', noon)).toBeNull();
    expect(withSnapshot(shell, kept, '?highlight=7', noon)).toBeNull();
  });

  it('paints nothing from a stored value that is not a snapshot', () => {
    for (const stored of [
      null,
      'html',
      { ...kept, day: 'today' },
      { ...kept, lang: 'en"><script>x</script>' },
      { ...kept, build: 'https://elsewhere.example/x.js' },
      { ...kept, user: '" onmouseover="x' },
      { ...kept, user: undefined },
      { ...kept, html: 7 },
      { ...kept, html: 'x'.repeat(SNAPSHOT_MAX_CHARS + 1) },
    ]) {
      expect(withSnapshot(shell, stored, '', noon)).toBeNull();
    }
  });

  it('puts nothing into the page that would run or load something', () => {
    for (const html of [
      '<main><script>alert(1)</script></main>',
      '<main><img src="x" onerror="alert(1)"></main>',
      '<main><a href="javascript:alert(1)">x</a></main>',
      '<main><iframe src="https://elsewhere.example"></iframe></main>',
      '<main><base href="https://elsewhere.example/"></main>',
      '<main><svg/onload=alert(1)></main>',
      '<main><a href="javascript&#58;alert(1)">x</a></main>',
    ]) {
      expect(withSnapshot(shell, { ...kept, html }, '', noon)).toBeNull();
    }
  });

  it('puts nothing into the page that would end up outside the painted wrapper', () => {
    for (const html of [
      '<main>x</main></div><div class="overlay">Sign in again</div><div>',
      '<main><ul><li>x</li></ul>',
      '<main><span>x</main></span>',
      '<main>a < b</main>',
    ]) {
      expect(balancedMarkup(html)).toBe(false);
      expect(withSnapshot(shell, { ...kept, html }, '', noon)).toBeNull();
    }
  });

  it("takes the app's own markup as it is: void elements, inline SVG, style rules", () => {
    expect(
      balancedMarkup(
        '<style>.a{padding:1px}@media (min-width: 48em){.a{padding:2px}}</style><header><img src="/icon.svg" alt=""><br>' +
          '<svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"></path></svg><input type="search" value=""></header>',
      ),
    ).toBe(true);
  });

  it('leaves a shell without the placeholder as it is', () => {
    const bare = shell.replace('<!--prerender:start-->', '');
    expect(withSnapshot(bare, kept, '', noon)).toBeNull();
  });

  it('finds the build from the entry script, not an inline one', () => {
    expect(entryScript(shell)).toBe('/assets/index-AbC123.js');
    expect(entryScript('<head><script>1</script></head>')).toBeNull();
  });
});
