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
//
// It also counts the sheets a combined stylesheet holds as linked: the dashboard's shell links
// its route's stylesheets as one file naming them in `data-sheets` (scripts/prerender/
// route-shell.ts). Only once that file has loaded (`link.sheet`): if it could not be, the code
// needing a sheet adds it as before.
import type { Plugin } from 'vite';

const helperId = /^\0vite\/preload-helper/;
const headAppend = 'document.head.appendChild(link);';
const placed =
  '(link.rel === "stylesheet" ? document.body : document.head).appendChild(link); /* scripts/preload-deps/stylesheets-last.ts */';

/** `code` with its one `find` replaced; throws, saying what the helper `does`, if there is not one. */
function replaceOnce(code: string, find: string, replacement: string, does: string): string {
  const count = code.split(find).length - 1;
  if (count !== 1) {
    throw new Error(
      `Vite's preload helper ${does} ${count} times where 1 was expected: check scripts/preload-deps/stylesheets-last.ts against this Vite version`,
    );
  }
  return code.replace(find, () => replacement);
}

/** The helper's code with stylesheets appended to the body; throws if its shape changed. */
export function placeStylesheetsLast(code: string): string {
  return replaceOnce(code, headAppend, placed, 'appends');
}

const linkedSheet = 'if (link.rel === "stylesheet") preloadedHrefs.styles.add(link.href);';
const combinedSheets =
  'if (link.rel === "stylesheet") { preloadedHrefs.styles.add(link.href); if (link.sheet && link.dataset.sheets) for (const sheet of link.dataset.sheets.split(" ")) preloadedHrefs.styles.add(new URL(sheet, document.baseURI).href); } /* scripts/preload-deps/stylesheets-last.ts */';

/** The helper's code counting a combined stylesheet's sheets as linked; throws if its shape changed. */
export function countCombinedSheets(code: string): string {
  return replaceOnce(code, linkedSheet, combinedSheets, 'notes linked stylesheets');
}

export function stylesheetsLast(): Plugin {
  return {
    name: 'bimaguide:stylesheets-last',
    apply: 'build',
    transform: {
      filter: { id: helperId },
      handler(code) {
        return { code: countCombinedSheets(placeStylesheetsLast(code)), map: null };
      },
    },
  };
}
