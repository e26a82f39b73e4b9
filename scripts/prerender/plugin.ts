// After the browser build, renders the public content pages to static HTML (design §8: a guide
// page must paint before ~170 KB of scripts arrive on slow mobile data). Runs before the PWA
// plugin writes the service worker, so the pages are precached like every other file.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { z } from 'zod';
import { composePage, pageFile, pageProblem, splitRendered } from './compose.ts';

const entry = 'src/entry-prerender.tsx';

const prerenderModule = z.object({
  prerenderPaths: z.array(z.string().startsWith('/')),
  renderPage: z.custom<(path: string) => Promise<string>>((value) => typeof value === 'function'),
});

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bimaguide:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        // The nested server build below loads this same config.
        if (config.build.ssr) return;
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

        const bundle = pathToFileURL(join(ssrDir, 'entry-prerender.js')).href;
        const { prerenderPaths } = prerenderModule.parse(await import(bundle));
        const problems: string[] = [];
        for (const [index, path] of prerenderPaths.entries()) {
          // A fresh module copy per page: React.lazy remembers a loaded component, and a page
          // rendered after it would show the part instead of the placeholder the browser's
          // first render shows.
          const { renderPage } = prerenderModule.parse(await import(`${bundle}?page=${index}`));
          const rendered = splitRendered(await renderPage(path));
          const problem = pageProblem(path, rendered.body);
          if (problem) {
            problems.push(problem);
            continue;
          }
          const file = join(outDir, pageFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, composePage(template, rendered));
        }
        if (problems.length > 0) throw new Error(`Pre-rendering failed:\n${problems.join('\n')}`);
        config.logger.info(`pre-rendered ${prerenderPaths.length} pages`);
      },
    },
  };
}
