// After the browser build, renders the public content pages to static HTML (design §8: a guide
// page must paint before ~170 KB of scripts arrive on slow mobile data). Runs before the PWA
// plugin writes the service worker, so the pages are precached like every other file.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { WebSocket } from 'ws';
import { z } from 'zod';
import type { ContentPage } from '../../src/entry-prerender.tsx';
import type { PrerenderedContent } from '../../src/features/content/prerendered.ts';
import {
  composePage,
  linkStylesheets,
  pageFile,
  pageProblem,
  pageStylesheets,
  splitRendered,
} from './compose.ts';
import {
  DASHBOARD_MODULES,
  DASHBOARD_SHELL,
  DASHBOARD_STYLESHEET,
  assertNoImportCycles,
  combineStylesheets,
  routeModules,
  routePreloads,
  withPreloads,
  type RoutePreloads,
  type ShellChunk,
} from './route-shell.ts';

const entry = 'src/entry-prerender.tsx';

const prerenderModule = z.object({
  prerenderPaths: z.array(z.string().startsWith('/')),
  pageLang: z.custom<(path: string) => string>((value) => typeof value === 'function'),
  contentPages: z.custom<() => Promise<ContentPage[]>>((value) => typeof value === 'function'),
  renderPage: z.custom<(path: string, content?: PrerenderedContent) => Promise<string>>(
    (value) => typeof value === 'function',
  ),
  pageRouteIds: z.custom<(path: string) => string[]>((value) => typeof value === 'function'),
});

/** How long the build waits for the API before leaving the content pages to the shell. */
const CONTENT_TIMEOUT_MS = 20_000;

/**
 * The news, glossary and FAQ pages with their content, or none when the API the build is made
 * against cannot be reached (e.g. `vite build` with no server running): those pages then start
 * from the shell and fetch, as they did before they were pre-rendered.
 */
async function reachableContentPages(
  load: () => Promise<ContentPage[]>,
  warn: (message: string) => void,
): Promise<ContentPage[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CONTENT_TIMEOUT_MS / 1000} s`)),
      CONTENT_TIMEOUT_MS,
    );
  });
  // supabase-js refuses to start on Node 20, which has no WebSocket of its own, even for the
  // plain reads made here (Node 22 has one); the `ws` package the local server uses stands in.
  if (!('WebSocket' in globalThis)) Reflect.set(globalThis, 'WebSocket', WebSocket);
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warn(`news, glossary and FAQ pages not pre-rendered (the API did not answer: ${reason})`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** The build's stylesheets in the order they must apply in: each chunk's imports' before its own. */
function stylesheetOrder(bundle: Rollup.OutputBundle): string[] {
  const order = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (visited.has(file) || chunk?.type !== 'chunk') return;
    visited.add(file);
    for (const imported of chunk.imports) visit(imported);
    for (const sheet of chunk.viteMetadata?.importedCss ?? []) order.add(sheet);
  };
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  for (const chunk of [...chunks.filter((c) => c.isEntry), ...chunks]) visit(chunk.fileName);
  return [...order];
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let stylesheets: string[] = [];
  let dashboard: RoutePreloads = { scripts: [], styles: [] };
  let dashboardStylesheet = '';
  let chunks = new Map<string, ShellChunk>();
  /** Whether the bundle was written: a build that failed any plugin's check never is. */
  let written = false;
  return {
    name: 'bimaguide:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      written = false;
    },
    // After Vite's own: the stylesheets' text is final only then (it strips markers from it).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (config.build.ssr) return;
        stylesheets = stylesheetOrder(bundle);
        chunks = new Map();
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') chunks.set(file, output);
        }
        assertNoImportCycles(chunks);
        dashboard = routePreloads(chunks, DASHBOARD_MODULES);
        const sheets = dashboard.styles.map((file) => {
          const sheet = bundle[file];
          if (sheet?.type !== 'asset') throw new Error(`No stylesheet ${file} in the bundle`);
          const { source } = sheet;
          return {
            file,
            css: typeof source === 'string' ? source : new TextDecoder().decode(source),
          };
        });
        // Precached (it is in no cache group): the shell's first paint waits for it, offline too.
        dashboardStylesheet =
          sheets.length === 0
            ? ''
            : this.getFileName(
                this.emitFile({
                  type: 'asset',
                  name: DASHBOARD_STYLESHEET,
                  source: combineStylesheets(sheets),
                }),
              );
      },
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        // The nested server build below loads this same config.
        if (config.build.ssr) return;
        // The build failed (its own error, from this plugin or another, is the one to report).
        if (!written) return;
        const outDir = resolve(config.root, config.build.outDir);
        // Inside the project, so the bundle's bare imports (react, @mantine/core) resolve.
        const ssrDir = resolve(config.root, 'node_modules/.cache/bimaguide-prerender');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: entry,
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            // One file, so each page can import a fresh copy (below).
            rolldownOptions: { output: { codeSplitting: false } },
          },
        });

        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        // The shell every other route starts from (static host fallback, service worker).
        copyFileSync(join(outDir, 'index.html'), join(outDir, 'shell.html'));
        // The dashboard's, with all of its code linked up front (the service worker's choice).
        writeFileSync(
          join(outDir, DASHBOARD_SHELL),
          withPreloads(template, config.base, dashboard, dashboardStylesheet),
        );

        const bundle = pathToFileURL(join(ssrDir, 'entry-prerender.js')).href;
        const { prerenderPaths, contentPages, pageLang, pageRouteIds } = prerenderModule.parse(
          await import(bundle),
        );
        // Each page's route code and its language's texts, beyond the entry's own files.
        const routeScripts = (path: string) =>
          routePreloads(chunks, [
            `src/locales/${pageLang(path) === 'hi-IN' ? 'hi' : 'en'}.po`,
            ...routeModules(pageRouteIds(path), chunks),
          ]).scripts.map((file) => `${config.base}${file}`);
        const pages: { path: string; content?: PrerenderedContent }[] = [
          ...prerenderPaths.map((path) => ({ path })),
          ...(await reachableContentPages(contentPages, (message) => config.logger.warn(message))),
        ];
        const sheets = stylesheets.map((file) => ({
          href: `${config.base}${file}`,
          css: readFileSync(join(outDir, file), 'utf8'),
        }));
        const problems: string[] = [];
        for (const [index, { path, content }] of pages.entries()) {
          // A fresh module copy per page: React.lazy remembers a loaded component, and a page
          // rendered after it would show the part instead of the placeholder the browser's
          // first render shows.
          const { renderPage } = prerenderModule.parse(await import(`${bundle}?page=${index}`));
          const rendered = splitRendered(await renderPage(path, content));
          const problem = pageProblem(path, rendered.body);
          if (problem) {
            problems.push(problem);
            continue;
          }
          const file = join(outDir, pageFile(path));
          mkdirSync(dirname(file), { recursive: true });
          const page = composePage(template, rendered, content, pageLang(path), routeScripts(path));
          writeFileSync(
            file,
            linkStylesheets(page, pageStylesheets(template, rendered.body, sheets)),
          );
        }
        if (problems.length > 0) throw new Error(`Pre-rendering failed:\n${problems.join('\n')}`);
        config.logger.info(`pre-rendered ${pages.length} pages`);
      },
    },
  };
}
