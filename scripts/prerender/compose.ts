// Pure text work for the pre-render step, kept apart so it is tested without a build.
import { PRERENDERED_CONTENT_ID } from '../../src/features/content/prerendered-id.ts';
import { ROUTE_CODE_ID } from '../../src/lib/route-code-id.ts';
import { routeCodeList } from './route-shell.ts';

const headTag = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;
const rootStart = '<!--prerender:start-->';
const rootEnd = '<!--prerender:end-->';

export interface RenderedPage {
  /** The `<title>`, `<meta>` and `<link>` tags React hoisted from the page. */
  head: string[];
  body: string;
}

/** React puts the page's hoisted head tags first when it renders without an `<html>` element. */
export function splitRendered(html: string): RenderedPage {
  const head: string[] = [];
  let rest = html;
  for (let match = headTag.exec(rest); match; match = headTag.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * The content a page was rendered from, as a JSON data block the app reads before hydrating
 * (src/features/content/prerendered.ts). A data block is never run, so the CSP needs no hash
 * for it; `<` is escaped so no text in the content can close the element.
 */
export function dataBlock(data: unknown): string {
  if (data === undefined) return '';
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDERED_CONTENT_ID}">${json}</script>`;
}

/**
 * The built index.html with the page's head tags in place of the defaults (title, and any meta
 * with the same name) and its markup in place of the loading shell inside #root, which is
 * marked so the app knows the markup is a page it may take over; `lang` is the page's language
 * (a Hindi page's `<html lang>` says so, and the app hydrates it only in Hindi).
 */
export function composePage(
  template: string,
  rendered: RenderedPage,
  data?: unknown,
  lang?: string,
  routeScripts: string[] = [],
): string {
  // The whole content of #root, whitespace included: hydration expects exactly React's markup.
  const root = new RegExp(`<div id="root">[\\s\\S]*?${rootStart}[\\s\\S]*?${rootEnd}\\s*</div>`);
  if (!root.test(template)) {
    throw new Error(`index.html needs ${rootStart} … ${rootEnd} inside #root`);
  }
  let html = (
    lang ? template.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`) : template
  ).replace(
    root,
    () => `<div id="root" data-prerendered="">${rendered.body}</div>${dataBlock(data)}`,
  );

  for (const tag of rendered.head) {
    if (tag.startsWith('<title>')) {
      html = html.replace(/<title>[^<]*<\/title>/, () => tag);
      continue;
    }
    const name = attribute(tag, 'name') ?? attribute(tag, 'property');
    const existing = name
      ? new RegExp(`<meta\\b[^>]*\\b(?:name|property)="${name}"[^>]*>`).exec(html)
      : null;
    html = existing
      ? html.replace(existing[0], () => tag)
      : html.replace('</head>', () => `${tag}</head>`);
  }
  return deferScripts(html, routeScripts);
}

/** A stylesheet of the build, as the template and Vite's preloads link it. */
export interface Stylesheet {
  href: string;
  css: string;
}

const linkedStylesheet = /<link rel="stylesheet"[^>]*\bhref="([^"]+)"/g;
const classAttribute = /\bclass="([^"]*)"/g;

/**
 * The stylesheets a page's markup uses beyond those the template links: a component only some
 * pages render has its rules in its route's chunk (scripts/mantine-styles), which the browser
 * would otherwise get only with the scripts, after the first paint. A sheet is needed when it
 * styles a class the markup has. `sheets` come in the order they must apply in (a chunk's
 * imports before it), and so do the hrefs returned.
 */
export function pageStylesheets(template: string, body: string, sheets: Stylesheet[]): string[] {
  const linked = new Set([...template.matchAll(linkedStylesheet)].map((match) => match[1]));
  const classes = new Set(
    [...body.matchAll(classAttribute)].flatMap((match) => (match[1] ?? '').split(/\s+/)),
  );
  classes.delete('');
  const styles = (css: string) =>
    [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((match) => classes.has(match[1] ?? ''));
  return sheets
    .filter((sheet) => !linked.has(sheet.href) && styles(sheet.css))
    .map((sheet) => sheet.href);
}

/** Links the stylesheets after the template's own, as the scripts' preloads would add them. */
export function linkStylesheets(html: string, hrefs: string[]): string {
  const links = hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The id of the JSON block listing a pre-rendered page's own route code (see deferScripts). */
export { ROUTE_CODE_ID };

/**
 * Moves the app's script downloads behind the page's first paint. The page is readable without
 * them, and on slow mobile data ~170 KB of scripts fetched alongside the stylesheet delay that
 * paint by a second or more; started after it, they finish about as early, since the connection
 * was the limit either way. A tab opened in the background (no frames) starts them at once.
 *
 * The entry's files are then evaluated one per task, in the order the browser would evaluate
 * them (each after the files it imports, as Vite lists them), and the entry last: in one go, as
 * a module script's imports are, they made a single long task at a slow phone's speed (issue 22:
 * total blocking time; zod's core and React DOM are each a good part of it).
 *
 * `routeScripts` are the page's own route code beyond the entry's (issue 22): asked for in a
 * task after the entry's, instead of by Vite's preload helper once the entry has run, where its
 * links were a good part of the long task that starts the page's load (the entry evaluates
 * them a file per task, src/lib/route-code.ts). They are listed in a data block (paths separated
 * by spaces), so the boot script is the same on every page and the CSP needs one hash for it.
 */
export function deferScripts(html: string, routeScripts: string[] = []): string {
  const entry = entryScript.exec(html)?.[1];
  if (!entry) throw new Error('The built page has no module entry script to defer');
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const boot = [
    `const preloads = ${JSON.stringify(preloads)};`,
    `const routeCode = (document.getElementById(${JSON.stringify(ROUTE_CODE_ID)})?.textContent ?? '').split(' ').filter(Boolean);`,
    'const preload = (href) => {',
    "  const link = document.createElement('link');",
    "  link.rel = 'modulepreload';",
    "  link.crossOrigin = '';",
    '  link.href = href;',
    '  document.head.append(link);',
    '};',
    'const turn = () => new Promise((resolve) => {',
    '  const channel = new MessageChannel();',
    '  channel.port1.onmessage = () => {',
    // Closed once used: an entangled port with a handler can outlive the page's boot.
    '    channel.port1.close();',
    '    resolve();',
    '  };',
    '  channel.port2.postMessage(0);',
    '});',
    // A few links a task: each costs the page a millisecond or more of a busy phone's main
    // thread, and the route's thirty or so in one task made a long one (issue 22).
    'const preloadInTurn = async (hrefs) => {',
    '  for (let at = 0; at < hrefs.length; at += 4) {',
    '    hrefs.slice(at, at + 4).forEach(preload);',
    '    await turn();',
    '  }',
    '};',
    'const start = async () => {',
    `  preload(${JSON.stringify(entry)});`,
    '  void preloadInTurn(preloads).then(() => preloadInTurn(routeCode));',
    '  for (const href of preloads) {',
    // A file that fails to load fails the entry's import below, which says so as before.
    '    await import(href).catch(() => undefined);',
    '    await turn();',
    '  }',
    `  import(${JSON.stringify(entry)});`,
    '};',
    "if (document.visibilityState === 'hidden') start();",
    'else requestAnimationFrame(() => setTimeout(start));',
  ].join('\n');
  const list = routeCodeList(routeScripts);
  return html
    .replace(entryScript, '')
    .replace(modulePreload, '')
    .replace('</body>', () => `${list}<script type="module">\n${boot}\n</script>\n</body>`);
}

/** Where a static host (and the service worker's clean-URL lookup) finds the page for `path`. */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}

/** Why a rendered page must not ship, or null when it is fine. */
export function pageProblem(path: string, body: string): string | null {
  if (!/<h1\b/.test(body)) {
    return `${path} rendered without its heading: a component probably failed on the server (it touched window, navigator or storage while rendering)`;
  }
  if (body.includes('<!--$!-->')) {
    return `${path} rendered a lazily loaded part; wrap it in <ClientOnly> so the page and the browser's hydrating render agree`;
  }
  if (/<(?:input|textarea|select)\b/.test(body)) {
    return `${path} has form fields; anything typed before the scripts take over would be lost, so it must stay client-rendered`;
  }
  return null;
}
