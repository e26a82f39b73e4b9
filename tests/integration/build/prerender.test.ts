import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  composePage,
  dataBlock,
  deferScripts,
  linkStylesheets,
  pageFile,
  pageProblem,
  pageStylesheets,
  ROUTE_CODE_ID,
  splitRendered,
} from '../../../scripts/prerender/compose';
import { prerender } from '../../../scripts/prerender/plugin';
import { DASHBOARD_MODULES } from '../../../scripts/prerender/route-shell';
import { serveDist, type StaticServer } from '../../../server/static';

const template = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta name="description" content="Default description" />
    <title>BimaGuide</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root">
      <!--prerender:start-->
      <div aria-hidden="true">shell bar</div>
      <!--prerender:end-->
    </div>
  </body>
</html>`;

/**
 * Runs a page's boot script against a stand-in document and task queue, in a tab in the
 * background (it starts at once): the links it adds, the files it evaluates (its `import()`s)
 * and where one task ends and the next begins, in order.
 */
async function runBoot(
  page: string,
): Promise<{ steps: string[]; evaluated: string[]; openPorts: number }> {
  const boot = /<script type="module">([\s\S]*?)<\/script>\s*<\/body>/.exec(page)?.[1] ?? '';
  const list = new RegExp(`<script type="text/plain" id="${ROUTE_CODE_ID}">([^<]*)</script>`).exec(
    page,
  )?.[1];
  const steps: string[] = [];
  const evaluated: string[] = [];
  const tasks: (() => void)[] = [];
  const document = {
    visibilityState: 'hidden',
    getElementById: (id: string) => (id === ROUTE_CODE_ID && list ? { textContent: list } : null),
    createElement: () => ({ href: '' }),
    head: { append: (link: { href: string }) => steps.push(`link ${link.href}`) },
  };
  let openPorts = 0;
  class MessageChannel {
    port1: { onmessage: (() => void) | null; close: () => void } = {
      onmessage: null,
      close: () => {
        openPorts -= 1;
      },
    };
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
    constructor() {
      openPorts += 1;
    }
  }
  const load = (href: string) => {
    steps.push(`evaluate ${href}`);
    evaluated.push(href);
    return Promise.resolve();
  };
  const microtasks = () => new Promise<void>((resolve) => setImmediate(resolve));
  const run = new Function(
    'document',
    'setTimeout',
    'requestAnimationFrame',
    'MessageChannel',
    'load',
    boot.replaceAll('import(', 'load('),
  ) as (...args: unknown[]) => void;
  run(
    document,
    (task: () => void) => tasks.push(task),
    () => undefined,
    MessageChannel,
    load,
  );
  await microtasks();
  for (let task = tasks.shift(); task; task = tasks.shift()) {
    steps.push('task');
    task();
    await microtasks();
  }
  return { steps, evaluated, openPorts };
}

describe('composing a pre-rendered page', () => {
  const rendered = splitRendered(
    '<title>About Us | BimaGuide</title><meta name="description" content="Who we are"/>' +
      '<style>:root{}</style><main><h1>About BimaGuide</h1></main>',
  );

  it('takes the head tags React put first and leaves the markup', () => {
    expect(rendered.head).toEqual([
      '<title>About Us | BimaGuide</title>',
      '<meta name="description" content="Who we are"/>',
    ]);
    expect(rendered.body).toBe('<style>:root{}</style><main><h1>About BimaGuide</h1></main>');
  });

  it('puts the page in #root with nothing around it and its title and description in the head', () => {
    const page = composePage(template, rendered);
    expect(page).toContain(
      '<div id="root" data-prerendered=""><style>:root{}</style><main><h1>About BimaGuide</h1></main></div>',
    );
    expect(page).not.toContain('shell bar');
    expect(page).toContain('<title>About Us | BimaGuide</title>');
    expect(page).not.toContain('<title>BimaGuide</title>');
    expect(page).toContain('<meta name="description" content="Who we are"/>');
    expect(page).not.toContain('Default description');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
  });

  it('writes the content a page was rendered from as a data block no text can break out of', () => {
    const page = composePage(template, rendered, { title: '</script><script>alert(1)</script>' });
    const block =
      /<script type="application\/json" id="bimaguide-content">([\s\S]*?)<\/script>/.exec(page);
    expect(block?.[1]).toBeDefined();
    expect(JSON.parse(block?.[1] ?? '')).toEqual({ title: '</script><script>alert(1)</script>' });
    expect(page).not.toContain('<script>alert(1)');
    // Outside #root: React never sees it.
    expect(page.indexOf('id="bimaguide-content"')).toBeGreaterThan(page.indexOf('</main></div>'));
    expect(dataBlock(undefined)).toBe('');
  });

  it('starts the scripts only after the first paint, with the same preloads', () => {
    const page = deferScripts(template);
    expect(page).not.toContain('<script type="module" crossorigin src=');
    expect(page).not.toContain('rel="modulepreload"');
    const boot = /<script type="module">([\s\S]*?)<\/script>\s*<\/body>/.exec(page)?.[1] ?? '';
    expect(boot).toContain('import("/assets/index-abc.js")');
    expect(boot).toContain('["/assets/framework-def.js"]');
    expect(boot).toContain('requestAnimationFrame');
    // No route code listed: the boot script finds no list and preloads nothing more.
    expect(page).not.toContain(`id="${ROUTE_CODE_ID}"`);
  });

  it("lists the page's own route code for the boot script, which is the same on every page", async () => {
    const page = composePage(template, rendered, undefined, undefined, [
      '/assets/site-jkl.js',
      '/assets/guide-mno.js',
    ]);
    const list = new RegExp(
      `<script type="text/plain" id="${ROUTE_CODE_ID}">([^<]*)</script>`,
    ).exec(page)?.[1];
    expect(list).toBe('/assets/site-jkl.js /assets/guide-mno.js');
    const bootOf = (html: string) =>
      /<script type="module">([\s\S]*?)<\/script>\s*<\/body>/.exec(html)?.[1];
    // One CSP hash allows the boot script of every page.
    expect(bootOf(page)).toBe(bootOf(deferScripts(template)));
    // Asked for after the entry's own files, in a task of their own.
    const { steps } = await runBoot(page);
    const routeLinks = steps.filter((step) => /site-jkl|guide-mno/.test(step));
    expect(routeLinks).toEqual(['link /assets/site-jkl.js', 'link /assets/guide-mno.js']);
    expect(steps.indexOf('link /assets/site-jkl.js')).toBeGreaterThan(steps.indexOf('task'));
  });

  it('adds a long list of links a few per task', async () => {
    const files = Array.from({ length: 9 }, (_, n) => `/assets/part-${n}.js`);
    const { steps, openPorts } = await runBoot(
      composePage(template, rendered, undefined, undefined, files),
    );
    // Each task's channel closed once used, none left entangled after the boot.
    expect(openPorts).toBe(0);
    const links = files.map((file) => steps.indexOf(`link ${file}`));
    expect(links.every((at) => at >= 0)).toBe(true);
    const tasksBetween = (from: number, to: number) =>
      steps.slice(links[from], links[to]).filter((step) => step === 'task').length;
    expect(tasksBetween(0, 3)).toBe(0);
    expect(tasksBetween(3, 4)).toBeGreaterThan(0);
    expect(tasksBetween(7, 8)).toBeGreaterThan(0);
  });

  it("evaluates the entry's files a task each, in the order the browser would, the entry last", async () => {
    const page = deferScripts(
      template.replace(
        '<link rel="modulepreload" crossorigin href="/assets/framework-def.js">',
        '<link rel="modulepreload" crossorigin href="/assets/zod-core.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/framework-def.js">',
      ),
    );
    const { steps, evaluated } = await runBoot(page);
    expect(evaluated).toEqual([
      '/assets/zod-core.js',
      '/assets/framework-def.js',
      '/assets/index-abc.js',
    ]);
    // Every file is asked for, the entry before anything is evaluated.
    const firstEvaluation = steps.findIndex((step) => step.startsWith('evaluate'));
    expect(steps.indexOf('link /assets/index-abc.js')).toBeLessThan(firstEvaluation);
    for (const file of evaluated) expect(steps).toContain(`link ${file}`);
    // A task boundary between any two evaluations: none of them joins another's task.
    const between = (a: string, b: string) =>
      steps.slice(steps.indexOf(`evaluate ${a}`), steps.indexOf(`evaluate ${b}`));
    expect(between('/assets/zod-core.js', '/assets/framework-def.js')).toContain('task');
    expect(between('/assets/framework-def.js', '/assets/index-abc.js')).toContain('task');
  });

  it("links the stylesheets of the components only this page renders, in the build's order", () => {
    const sheets = [
      { href: '/assets/index-ghi.css', css: '.m_shell{color:red}' },
      { href: '/assets/Paper-1.css', css: '@layer mantine{.m_paper{border:0}}' },
      { href: '/assets/Card-2.css', css: '@layer mantine{.m_card{padding:1rem}}' },
      { href: '/assets/Tabs-3.css', css: '@layer mantine{.m_tabs{display:flex}}' },
      { href: '/assets/hero-4.css', css: '._hero_x1y2 ._title_x1y2{margin:0}' },
    ];
    const body =
      '<main class="m_shell"><div class="m_paper  m_card"><h1 class="_title_x1y2">Hi</h1></div></main>';
    const hrefs = pageStylesheets(template, body, sheets);
    // Not the template's own sheet again, nor a component the page does not render.
    expect(hrefs).toEqual(['/assets/Paper-1.css', '/assets/Card-2.css', '/assets/hero-4.css']);
    const page = linkStylesheets(composePage(template, splitRendered(body)), hrefs);
    const linked = [...page.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    expect(linked).toEqual(['/assets/index-ghi.css', ...hrefs]);
    expect(pageStylesheets(template, '<main><h1>Plain</h1></main>', sheets)).toEqual([]);
  });

  it('gives a Hindi page its language and its hreflang and canonical links in the head', () => {
    const hindi = splitRendered(
      '<title>बीमा सुगम क्या है? | BimaGuide</title>' +
        '<link rel="canonical" href="https://bimaguide.in/hi/what-is-bima-sugam"/>' +
        '<link rel="alternate" hrefLang="en" href="https://bimaguide.in/what-is-bima-sugam"/>' +
        '<main><h1>बीमा सुगम क्या है?</h1></main>',
    );
    const page = composePage(template, hindi, undefined, 'hi-IN');
    expect(page).toContain('<html lang="hi-IN">');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="canonical" href="https://bimaguide.in/hi/what-is-bima-sugam"/>',
    );
    expect(head).toContain('hrefLang="en" href="https://bimaguide.in/what-is-bima-sugam"');
    expect(composePage(template, rendered)).toContain('<html lang="en-IN">');
  });

  it('refuses a template without the markers', () => {
    expect(() => composePage('<div id="root"></div>', rendered)).toThrow(/prerender:start/);
  });

  it('names files the way static hosts look them up', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/about')).toBe('about.html');
    expect(pageFile('/how-to/claims-on-bima-sugam')).toBe('how-to/claims-on-bima-sugam.html');
  });

  it('refuses a page that failed to render, rendered a lazy part, or has form fields', () => {
    expect(pageProblem('/about', '<main><h1>About</h1></main>')).toBeNull();
    expect(pageProblem('/about', '<main></main>')).toMatch(/without its heading/);
    expect(pageProblem('/', '<h1>Home</h1><!--$!--><template></template><!--/$-->')).toMatch(
      /ClientOnly/,
    );
    expect(pageProblem('/advice', '<h1>Advice</h1><input name="mobile"/>')).toMatch(/form fields/);
  });
});

describe('serving a build', () => {
  let dir: string;
  let server: StaticServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bimaguide-dist-'));
    mkdirSync(join(dir, 'how-to'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), 'home page');
    writeFileSync(join(dir, 'shell.html'), 'app shell');
    writeFileSync(join(dir, 'about.html'), 'about page');
    writeFileSync(join(dir, 'how-to', 'claims.html'), 'claims page');
    writeFileSync(join(dir, 'assets', 'app.js'), 'code');
    server = await serveDist(dir);
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const response = await fetch(new URL(path, server.url));
    return { text: await response.text(), type: response.headers.get('content-type') };
  };

  it('answers clean URLs with their pre-rendered page', async () => {
    expect((await get('/')).text).toBe('home page');
    expect((await get('/about')).text).toBe('about page');
    expect((await get('/about?utm_source=x')).text).toBe('about page');
    expect((await get('/how-to/claims')).text).toBe('claims page');
    expect((await get('/about')).type).toContain('text/html');
  });

  it('answers other routes with the shell and files as themselves', async () => {
    expect((await get('/policy-tracker')).text).toBe('app shell');
    expect((await get('/news/some-article')).text).toBe('app shell');
    expect((await get('/assets/app.js')).text).toBe('code');
    expect((await get('/../../etc/passwd')).text).toBe('app shell');
  });
});

describe('a build that fails its checks', () => {
  const call = <A extends unknown[]>(hook: unknown, ...args: A): unknown => {
    const fn = typeof hook === 'function' ? hook : (hook as { handler: unknown }).handler;
    // What the bundler gives a hook: emitting a file names it.
    const context = { emitFile: () => 'ref', getFileName: () => 'assets/combined.css' };
    return (fn as (...a: A) => unknown).apply(context, args);
  };
  const chunk = (fileName: string, imports: string[], css: string[] = []) => ({
    type: 'chunk',
    fileName,
    isEntry: fileName === 'assets/index.js',
    facadeModuleId: null,
    imports,
    viteMetadata: { importedCss: new Set<string>(css) },
  });
  /** The plugin set up for a project with no config file or output: pre-rendering would fail. */
  function pluginWithNothingToRender() {
    const plugin = prerender();
    const root = mkdtempSync(join(tmpdir(), 'bimaguide-failed-build-'));
    call(plugin.configResolved, {
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      build: { ssr: false, outDir: 'dist' },
    });
    call(plugin.buildStart);
    return { plugin, root };
  }

  it('reports its own error: the pre-render step after it neither runs nor fails', async () => {
    const { plugin, root } = pluginWithNothingToRender();
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/a.js']),
      'assets/a.js': chunk('assets/a.js', ['assets/b.js']),
      'assets/b.js': chunk('assets/b.js', ['assets/a.js']),
    };
    try {
      expect(() => call(plugin.generateBundle, {}, bundle, true)).toThrow(
        'Chunks import each other',
      );
      await expect(call(plugin.closeBundle)).resolves.toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("reports another plugin's error after its own checks passed: nothing was written to render", async () => {
    const { plugin, root } = pluginWithNothingToRender();
    // A bundle that passes this plugin's checks: every module the dashboard's shell names has a
    // chunk, one with a stylesheet.
    const bundle: Record<string, unknown> = {
      'assets/index.js': chunk('assets/index.js', []),
      'assets/cards.css': { type: 'asset', fileName: 'assets/cards.css', source: '.a{}' },
    };
    for (const [index, module] of DASHBOARD_MODULES.entries()) {
      const file = `assets/${index}.js`;
      bundle[file] = {
        ...chunk(file, ['assets/index.js'], index === 0 ? ['assets/cards.css'] : []),
        facadeModuleId: `/app/${module}`,
      };
    }
    try {
      expect(() => call(plugin.generateBundle, {}, bundle, true)).not.toThrow();
      // A plugin after it failed, so the bundle was never written (no writeBundle).
      await expect(call(plugin.closeBundle)).resolves.toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
