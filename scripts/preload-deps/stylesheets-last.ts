// Vite's preload helper adds the stylesheets a lazily imported chunk needs to the end of the
// document's <head>. A pre-rendered page also has style elements in its <body> (Mantine's
// global classes and each SimpleGrid's responsive rules), so such a sheet lands before them in
// document order: Chromium then rebuilds its style rules from scratch instead of adding the
// new sheet's, which restyles and lays out the whole page again ("Fonts changed" in a trace),
// each time a route, a toast or a later part brings a sheet (issue 22: 3–7 ms each on this
// machine for a guide, four times that on Lighthouse's phone). Appended at the end of <body>,
// after every style element, a sheet only adds rules. The cascade does not change: Mantine's
// sheets are in their layer wherever they sit, and the body's style elements hold Mantine's own
// unlayered rules, which no app sheet competes with.
import type { Plugin } from 'vite';

const helperId = /^\0vite\/preload-helper/;
const headAppend = 'document.head.appendChild(link);';
const placed =
  '(link.rel === "stylesheet" ? document.body : document.head).appendChild(link); /* scripts/preload-deps/stylesheets-last.ts */';

/** The helper's code with stylesheets appended to the body; throws if its shape changed. */
export function placeStylesheetsLast(code: string): string {
  const count = code.split(headAppend).length - 1;
  if (count !== 1) {
    throw new Error(
      `Vite's preload helper appends ${count} times where 1 was expected: check scripts/preload-deps/stylesheets-last.ts against this Vite version`,
    );
  }
  return code.replace(headAppend, () => placed);
}

export function stylesheetsLast(): Plugin {
  return {
    name: 'bimaguide:stylesheets-last',
    apply: 'build',
    transform: {
      filter: { id: helperId },
      handler(code) {
        return { code: placeStylesheetsLast(code), map: null };
      },
    },
  };
}
