// @vitest-environment jsdom
// (The helper's patched lines are run against a document's links.)
import { describe, expect, it } from 'vitest';
import {
  countCombinedSheets,
  placeStylesheetsLast,
} from '../../../scripts/preload-deps/stylesheets-last';

describe('stylesheets brought by lazily loaded code', () => {
  it('go to the end of the body, scripts’ preloads stay in the head', () => {
    const helper = [
      'const link = document.createElement("link");',
      'link.rel = isCss ? "stylesheet" : scriptRel;',
      'document.head.appendChild(link);',
    ].join('\n');
    const placed = placeStylesheetsLast(helper);
    expect(placed).toContain(
      '(link.rel === "stylesheet" ? document.body : document.head).appendChild(link);',
    );
    expect(placed).not.toContain('document.head.appendChild(link);');
  });

  it('fails the build when the helper no longer appends in the one known place', () => {
    expect(() => placeStylesheetsLast('document.body.append(link);')).toThrow(/preload helper/);
    expect(() =>
      placeStylesheetsLast('document.head.appendChild(link);document.head.appendChild(link);'),
    ).toThrow(/preload helper/);
  });
});

describe("the sheets a combined stylesheet holds (the dashboard's shell)", () => {
  // The helper's own lines noting what the document already links (Vite 8).
  const noteLinked = [
    'const links = document.getElementsByTagName("link");',
    'for (let i = links.length - 1; i >= 0; i--) {',
    '  const link = links[i];',
    '  preloadedHrefs.all.add(link.href);',
    '  if (link.rel === "stylesheet") preloadedHrefs.styles.add(link.href);',
    '}',
  ].join('\n');

  function linkedAfter(helper: string): string[] {
    const preloadedHrefs = { all: new Set<string>(), styles: new Set<string>() };
    // The patched lines, run as the browser runs the helper: against this document's links.
    const run = new Function('preloadedHrefs', helper) as (hrefs: typeof preloadedHrefs) => void;
    run(preloadedHrefs);
    return [...preloadedHrefs.styles].map((href) => new URL(href).pathname).sort();
  }

  const combinedLink =
    '<link rel="stylesheet" href="/assets/combined.css" data-sheets="/assets/cards.css /assets/dashboard.css">' +
    '<link rel="stylesheet" href="/assets/base.css">' +
    '<link rel="modulepreload" href="/assets/cards.js">';

  it('count as linked once the file has loaded, so the code needing one adds no sheet of its own', () => {
    document.head.innerHTML = combinedLink;
    const combined = document.querySelector('[data-sheets]');
    // jsdom loads no stylesheets: give the link the sheet a browser would once it loaded.
    Object.defineProperty(combined, 'sheet', { value: new CSSStyleSheet() });
    expect(linkedAfter(noteLinked)).toEqual(['/assets/base.css', '/assets/combined.css']);
    expect(linkedAfter(countCombinedSheets(noteLinked))).toEqual([
      '/assets/base.css',
      '/assets/cards.css',
      '/assets/combined.css',
      '/assets/dashboard.css',
    ]);
  });

  it('do not while the file is missing: the code needing one adds it as before', () => {
    document.head.innerHTML = combinedLink;
    expect(linkedAfter(countCombinedSheets(noteLinked))).toEqual([
      '/assets/base.css',
      '/assets/combined.css',
    ]);
  });

  it('fails the build when the helper no longer notes linked sheets in the one known place', () => {
    expect(() => countCombinedSheets('styles.add(link.href);')).toThrow(/preload helper/);
  });
});
