// @vitest-environment jsdom
// (The shell's list is read as the app reads it, from a document.)
import { describe, expect, it } from 'vitest';
import {
  assertNoImportCycles,
  combineStylesheets,
  routeModules,
  routePreloads,
  withPreloads,
  type ShellChunk,
} from '../../../scripts/prerender/route-shell';
import { listedRouteCode } from '../../../src/lib/route-code';

function chunk(fields: Partial<ShellChunk> & { css?: string[] }): ShellChunk {
  return {
    isEntry: fields.isEntry ?? false,
    facadeModuleId: fields.facadeModuleId ?? null,
    imports: fields.imports ?? [],
    viteMetadata: { importedCss: new Set(fields.css ?? []) },
  };
}

const bundle = new Map<string, ShellChunk>([
  [
    'assets/index.js',
    chunk({ isEntry: true, imports: ['assets/framework.js'], css: ['assets/base.css'] }),
  ],
  ['assets/framework.js', chunk({})],
  [
    'assets/dashboard.js',
    chunk({
      facadeModuleId: '/app/src/routes/dashboard.tsx?tsr-split=component',
      imports: ['assets/framework.js', 'assets/cards.js', 'assets/index.js'],
      css: ['assets/dashboard.css', 'assets/base.css'],
    }),
  ],
  ['assets/cards.js', chunk({ imports: ['assets/dexie.js'], css: ['assets/cards.css'] })],
  ['assets/dexie.js', chunk({})],
  [
    'assets/prefetch.js',
    chunk({ facadeModuleId: '/app/src/prefetch.ts', imports: ['assets/dexie.js'] }),
  ],
  [
    'assets/settings.js',
    chunk({ facadeModuleId: '/app/src/routes/settings.tsx?tsr-split=component' }),
  ],
]);

describe("a route's shell", () => {
  it('names every chunk the route needs, each after its imports, without what the entry brings', () => {
    expect(
      routePreloads(bundle, ['src/routes/dashboard.tsx?tsr-split=component', 'src/prefetch.ts']),
    ).toEqual({
      scripts: ['assets/dexie.js', 'assets/cards.js', 'assets/dashboard.js', 'assets/prefetch.js'],
      styles: ['assets/cards.css', 'assets/dashboard.css'],
    });
  });

  it('finds the code of the routes a page matches, layout and index routes included', () => {
    const routes = new Map<string, ShellChunk>([
      ...bundle,
      [
        'assets/site.js',
        chunk({ facadeModuleId: '/app/src/routes/_site.tsx?tsr-split=component' }),
      ],
      [
        'assets/news.js',
        chunk({ facadeModuleId: '/app/src/routes/_site/news/index.tsx?tsr-split=component' }),
      ],
      [
        'assets/tracker.js',
        chunk({
          facadeModuleId: '/app/src/routes/_site/policy-tracker/route.tsx?tsr-split=component',
        }),
      ],
    ]);
    expect(routeModules(['__root__', '/_site', '/_site/news/'], routes)).toEqual([
      'src/routes/_site.tsx?tsr-split=component',
      'src/routes/_site/news/index.tsx?tsr-split=component',
    ]);
    expect(routeModules(['/_site/policy-tracker', '/_site/gone'], routes)).toEqual([
      'src/routes/_site/policy-tracker/route.tsx?tsr-split=component',
    ]);
  });

  it('fails the build when a listed module has no chunk of its own any more', () => {
    expect(() => routePreloads(bundle, ['src/routes/gone.tsx'])).toThrow(/gone\.tsx/);
  });

  it("links the scripts as module preloads and the route's stylesheets as one file naming them, before </head>", () => {
    const shell =
      '<html><head><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/base.css"></head><body></body></html>';
    const html = withPreloads(
      shell,
      '/',
      { scripts: ['assets/cards.js'], styles: ['assets/cards.css', 'assets/dashboard.css'] },
      'assets/combined.css',
    );
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/base.css"><link rel="stylesheet" crossorigin href="/assets/combined.css" data-sheets="/assets/cards.css /assets/dashboard.css">\n    <link rel="modulepreload" crossorigin href="/assets/cards.js">\n  </head>',
    );
    // The entry's own stylesheet stays as the template links it; the route's are not linked apart.
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
    expect(html).not.toContain('as="style"');
    // A route with no stylesheets of its own links no combined file.
    expect(
      withPreloads(shell, '/', { scripts: ['assets/cards.js'], styles: [] }, ''),
    ).not.toContain('data-sheets');
  });

  it('combines the sheets in the order they would apply in, refusing rules that only work at the top', () => {
    expect(
      combineStylesheets([
        { file: 'assets/cards.css', css: '.a{color:red}' },
        { file: 'assets/dashboard.css', css: '@layer mantine{.b{color:blue}}' },
      ]),
    ).toBe('.a{color:red}\n@layer mantine{.b{color:blue}}');
    for (const rule of ['@import url(x.css);', '@charset "utf-8";', '@namespace svg url(x);']) {
      expect(() =>
        combineStylesheets([
          { file: 'assets/cards.css', css: '.a{color:red}' },
          { file: 'assets/fonts.css', css: rule },
        ]),
      ).toThrow('assets/fonts.css has a rule only the top of a stylesheet may hold');
    }
  });

  it('lists the scripts, in order, for the app to evaluate one per task before its first render', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>';
    const html = withPreloads(
      shell,
      '/',
      { scripts: ['assets/dexie.js', 'assets/cards.js'], styles: [] },
      '',
    );
    document.documentElement.innerHTML = html.replace(/^<html>|<\/html>$/g, '');
    expect(listedRouteCode()).toEqual(['/assets/dexie.js', '/assets/cards.js']);
    expect(() =>
      withPreloads('<html><head></head></html>', '/', { scripts: [], styles: [] }, ''),
    ).toThrow(/<\/body>/);
    // The app would ignore the whole list: the build says so instead.
    expect(() =>
      withPreloads(shell, './', { scripts: ['assets/cards.js'], styles: [] }, ''),
    ).toThrow('Not a script path of the build: ./assets/cards.js');
  });
});

describe('chunks evaluated one per task', () => {
  it('accepts a bundle whose files import each other in one direction only', () => {
    expect(() => assertNoImportCycles(bundle)).not.toThrow();
  });

  it('fails the build when two files import each other, naming them', () => {
    const cyclic = new Map(bundle);
    cyclic.set('assets/dexie.js', chunk({ imports: ['assets/cards.js'] }));
    expect(() => assertNoImportCycles(cyclic)).toThrow(
      'Chunks import each other: assets/cards.js → assets/dexie.js → assets/cards.js',
    );
  });
});
