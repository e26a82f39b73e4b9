// The dashboard's own app shell (issue 22: the installed app's cold open on the dashboard ≤ 600 ms).
// The shell every app-only page starts from names the entry's chunks only; the dashboard's code
// then arrives level by level, each level found once the one before it has run: the entry, the
// route's chunk and the account menu its layout renders, about 110 files (scripts/dashboard-chunk
// gathers the dashboard's own modules into one). This shell names all of
// them up front, so the browser fetches and compiles them while the entry is still starting. The
// service worker serves it for the dashboard's address once this device asked for the tracker's
// code (src/sw.ts), so the files it names come from the device, not from a slow network. The
// route's stylesheets come as one file (see `withPreloads`).

import { ROUTE_CODE_ID, ROUTE_SCRIPT_PATH } from '../../src/lib/route-code-id.ts';

/** The dashboard's shell in the build (precached; the service worker serves it, src/sw.ts). */
export const DASHBOARD_SHELL = 'dashboard-shell.html';
/** The name the dashboard's route stylesheets are emitted under as one file (precached). */
export const DASHBOARD_STYLESHEET = 'dashboard-shell.css';

/**
 * What the dashboard's cold open loads before its first cards, beyond the entry's chunks: the
 * English texts (the default language; another language's catalogs still load when the app
 * starts in it), the site layout and the dashboard route, the store read the tracker's guard
 * starts, the session check's supabase-js, and what the app shows a signed-in user (the
 * background sync, the account menu and the due-renewals badge; offline, the offline notice
 * and its texts). Module ids relative to the
 * project, as the bundle's chunks name them; tests/e2e/pwa.e2e.ts checks that nothing the cold
 * open loads is missing from the shell.
 */
export const DASHBOARD_MODULES = [
  'src/locales/en.po',
  'src/locales/tracker/en.po',
  'src/locales/account/en.po',
  'src/locales/notices/en.po',
  'src/routes/_site.tsx?tsr-split=component',
  'src/routes/_site/policy-tracker/route.tsx?tsr-split=component',
  'src/routes/_site/policy-tracker/index.tsx?tsr-split=component',
  'src/features/tracker/prefetch.ts',
  'src/features/tracker/background-sync.tsx',
  'src/features/auth/auth-connection.ts',
  'src/lib/supabase-client.ts',
  'src/features/auth/account-menu.tsx',
  'src/features/reminders/due-count-badge.tsx',
  'src/features/pwa/offline-notice.tsx',
];

/** The part of a bundle's chunk this needs (Rollup's output chunk and Vite's metadata). */
export interface ShellChunk {
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export interface RoutePreloads {
  /** Script files (`assets/…js`), each after the files it imports. */
  scripts: string[];
  /** Their stylesheets, in the same order. */
  styles: string[];
}

/**
 * Every chunk the `modules` need, with all they import statically, less what the entry's own
 * chunks already bring (the shell links those). Throws when a module has no chunk of its own:
 * the list above would have gone stale without anyone noticing.
 */
export function routePreloads(chunks: Map<string, ShellChunk>, modules: string[]): RoutePreloads {
  const byModule = new Map<string, string>();
  for (const [file, chunk] of chunks) {
    if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, file);
  }
  const rootFile = (module: string) => {
    for (const [id, file] of byModule) if (id.endsWith(`/${module}`)) return file;
    throw new Error(`No chunk of its own for ${module}: update DASHBOARD_MODULES`);
  };

  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    order.push(file);
  };
  const entries = [...chunks].filter(([, chunk]) => chunk.isEntry).map(([file]) => file);
  for (const entry of entries) visit(entry);
  const linked = new Set(seen);
  for (const module of modules) visit(rootFile(module));

  const scripts = order.filter((file) => !linked.has(file));
  const entryStyles = new Set(
    [...linked].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
  );
  const styles = [
    ...new Set(scripts.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])])),
  ].filter((sheet) => !entryStyles.has(sheet));
  return { scripts, styles };
}

/** A stylesheet of the build and its text. */
export interface Stylesheet {
  file: string;
  css: string;
}

/**
 * The sheets as one stylesheet, in the order given (the order they would have applied in as
 * separate sheets, so the cascade is the same). Throws on a rule that only works at the top of
 * a stylesheet, which a sheet further down the file would lose.
 */
export function combineStylesheets(sheets: Stylesheet[]): string {
  const topOnly = sheets.find((sheet) => /@(?:import|charset|namespace)\b/i.test(sheet.css));
  if (topOnly) {
    throw new Error(
      `${topOnly.file} has a rule only the top of a stylesheet may hold: it cannot be combined`,
    );
  }
  return sheets.map((sheet) => sheet.css).join('\n');
}

/**
 * Throws when chunks import each other. The public pages' boot evaluates the entry's files and
 * their route code one file per task (scripts/prerender/compose.ts, src/lib/route-code.ts):
 * with a cycle, a file evaluated on its own would run the other first, in an order the browser
 * never would, and a binding read before it is set would fail the page's start for good.
 */
export function assertNoImportCycles(chunks: Map<string, ShellChunk>): void {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (done.has(file)) return;
    const at = path.indexOf(file);
    if (at >= 0) {
      throw new Error(`Chunks import each other: ${[...path.slice(at), file].join(' → ')}`);
    }
    path.push(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    path.pop();
    done.add(file);
  };
  for (const file of chunks.keys()) visit(file);
}

/**
 * The route modules with code of their own (TanStack Router's split components) for the route
 * ids a page matches, e.g. `/_site/what-is-bima-sugam` → `src/routes/_site/what-is-bima-sugam.tsx`
 * and `/_site/news/` → `src/routes/_site/news/index.tsx`; routes without one are left out.
 */
export function routeModules(routeIds: string[], chunks: Map<string, ShellChunk>): string[] {
  const facades = [...chunks.values()].flatMap((chunk) =>
    chunk.facadeModuleId ? [chunk.facadeModuleId] : [],
  );
  return routeIds.flatMap((id) => {
    const file = `src/routes${id}`;
    const candidates = id.endsWith('/')
      ? [`${file}index.tsx`]
      : [`${file}.tsx`, `${file}/route.tsx`];
    return candidates
      .map((candidate) => `${candidate}?tsr-split=component`)
      .filter((module) => facades.some((facade) => facade.endsWith(`/${module}`)));
  });
}

/**
 * The shell with the route's files linked after the entry's own: scripts as module preloads
 * (the same links Vite's preload helper would add later, which then finds them and adds none).
 * The scripts are listed again as the pre-rendered pages list their route code
 * (src/lib/route-code.ts), and the entry evaluates them a file per task before React's first
 * render (issue 22: the route's ~100 files had been evaluated in one task, 40-50 ms of a slow
 * phone's main thread in Lighthouse's trace).
 *
 * The route's stylesheets (about 16 small files, one per Mantine component) are linked as one
 * file, `stylesheet`, after the entry's own: each file is a request, a response and a sheet for
 * the main thread, and the helper added each as the code needing it ran. The link names the
 * sheets it holds (`data-sheets`) and the helper counts them as linked once the file has loaded
 * (scripts/preload-deps/stylesheets-last.ts), so the code that needs one adds none. Issue 22:
 * four cold opens back to back with separate sheets, the first cards sooner in all four.
 */
export function withPreloads(
  shell: string,
  base: string,
  preloads: RoutePreloads,
  stylesheet: string,
): string {
  const sheets = preloads.styles.map((file) => `${base}${file}`).join(' ');
  const links = [
    ...(sheets
      ? [`<link rel="stylesheet" crossorigin href="${base}${stylesheet}" data-sheets="${sheets}">`]
      : []),
    ...preloads.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`,
    ),
  ];
  if (!shell.includes('</head>')) throw new Error('The shell has no </head>');
  if (!shell.includes('</body>')) throw new Error('The shell has no </body>');
  const list = routeCodeList(preloads.scripts.map((file) => `${base}${file}`));
  return shell
    .replace('</head>', () => `${links.join('\n    ')}\n  </head>`)
    .replace('</body>', () => `${list}</body>`);
}

/**
 * The block listing a page's route code for the app to evaluate a file per task
 * (src/lib/route-code.ts), nothing when there is none. Paths separated by spaces, not JSON: the
 * entry reads it without zod's array schema (the home page's first download, issue 22). The app
 * ignores a list with anything but its own script paths in it, so such a path (a base it cannot
 * read) fails the build instead.
 */
export function routeCodeList(files: string[]): string {
  const unsafe = files.find((file) => !ROUTE_SCRIPT_PATH.test(file));
  if (unsafe) throw new Error(`Not a script path of the build: ${unsafe}`);
  return files.length > 0
    ? `<script type="text/plain" id="${ROUTE_CODE_ID}">${files.join(' ')}</script>\n`
    : '';
}
