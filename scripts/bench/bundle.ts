import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuiltApp } from './build-app.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The route files TanStack Router matches for each measured URL, outermost first. */
export const routeFiles: Record<string, string[]> = {
  '/': ['src/routes/__root.tsx', 'src/routes/_site.tsx', 'src/routes/_site/index.tsx'],
  '/what-is-bima-sugam': [
    'src/routes/__root.tsx',
    'src/routes/_site.tsx',
    'src/routes/_site/what-is-bima-sugam.tsx',
  ],
  '/policy-tracker': [
    'src/routes/__root.tsx',
    'src/routes/_site.tsx',
    'src/routes/_site/policy-tracker/route.tsx',
    'src/routes/_site/policy-tracker/index.tsx',
  ],
  '/policy-tracker/<id>': [
    'src/routes/__root.tsx',
    'src/routes/_site.tsx',
    'src/routes/_site/policy-tracker/route.tsx',
    'src/routes/_site/policy-tracker/$policyId.tsx',
  ],
  '/admin': ['src/routes/__root.tsx', 'src/routes/admin/route.tsx', 'src/routes/admin/index.tsx'],
};

/**
 * The home page in Hindi: the same route files with the Hindi catalog. Every page loads its
 * language's catalog before the first render (src/main.tsx), so each measured URL counts it:
 * English unless listed here.
 */
const hindiHome = '/ (हिंदी)';
routeFiles[hindiHome] = routeFiles['/'] ?? [];
const catalogOf: Record<string, string> = { [hindiHome]: 'src/locales/hi.po' };
const englishCatalog = 'src/locales/en.po';

/** Whether the home page's budgets apply to this measured URL (either language). */
export function isHome(path: string): boolean {
  return path === '/' || path === hindiHome;
}

export interface RouteBundle {
  path: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
  /** Heavy code that must stay out of this route's first download, found in it anyway. */
  contains: {
    supabase: boolean;
    dexie: boolean;
    admin: boolean;
    lucide: boolean;
    /** The documents' photo compressor (browser-image-compression), loaded on first attach. */
    compressor: boolean;
    /** The documents' zoom viewer (react-zoom-pan-pinch), loaded when a photo is opened. */
    viewer: boolean;
  };
  largest: { file: string; gzip: number }[];
  /** Packages and source folders by minified bytes (before gzip): what to cut first. */
  composition: { name: string; bytes: number }[];
}

export interface BundleReport {
  routes: RouteBundle[];
  precache: { entries: number; bytes: number; gzipBytes: number };
  /** The files cached on first use, per group (the tracker, Hindi). */
  groups: { name: string; entries: number; bytes: number; gzipBytes: number }[];
  /**
   * The documents' lazy chunks, and whether the service worker has each before the tracker's
   * first offline use: precached, or in the tracker's group (kept from its first online use).
   */
  documentChunks: { file: string; offline: boolean }[];
}

const gzipCache = new Map<string, number>();

function gzipSize(outDir: string, file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * What a cold load of `path` must download before the page can render: the entry chunk, the
 * active language's catalog, the route components TanStack Router loads before rendering
 * (`?tsr-split=component`), and every chunk and stylesheet they import statically. Other lazy
 * imports (React.lazy, import()) are left out.
 */
export function routeBundle(app: BuiltApp, manifest: Manifest, path: string): RouteBundle {
  const files = routeFiles[path] ?? [];
  const catalog = catalogOf[path] ?? englishCatalog;
  const roots = Object.keys(manifest).filter(
    (key) =>
      manifest[key]?.isEntry === true ||
      key === catalog ||
      files.some((file) => key === `${file}?tsr-split=component`),
  );
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const stack = [...roots];
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    stack.push(...(chunk.imports ?? []));
  }
  const modules = [...js].flatMap((file) => [...(app.chunkModules.get(file)?.keys() ?? [])]);
  const composition = new Map<string, number>();
  for (const file of js) {
    for (const [id, bytes] of app.chunkModules.get(file) ?? []) {
      const name = ownerOf(id);
      composition.set(name, (composition.get(name) ?? 0) + bytes);
    }
  }
  const has = (test: RegExp) => modules.some((id) => test.test(id));
  const jsSizes = [...js].map((file) => ({ file, gzip: gzipSize(app.outDir, file) }));
  return {
    path,
    jsFiles: js.size,
    jsGzip: jsSizes.reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: [...css].reduce((sum, file) => sum + gzipSize(app.outDir, file), 0),
    contains: {
      supabase: has(/node_modules\/@supabase\//),
      dexie: has(/node_modules\/dexie\//),
      admin: has(/\/src\/features\/admin\//),
      lucide: has(/node_modules\/lucide-react\//),
      // The lazy stub src/lib/photos/index.ts is in the tracker's pages; the compressor is not.
      compressor: has(/node_modules\/browser-image-compression\/|\/src\/lib\/photos\/compress/),
      viewer: has(/node_modules\/react-zoom-pan-pinch\/|\/src\/features\/documents\/image-viewer/),
    },
    largest: jsSizes.sort((a, b) => b.gzip - a.gzip).slice(0, 5),
    composition: [...composition]
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 25),
  };
}

/** The npm package (with its scope) or the src/ folder two levels deep that a module is from. */
function ownerOf(id: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage?.[1]) return inPackage[1];
  const inSrc = /\/(src\/[^/?]+(?:\/[^/?]+)?)/.exec(id);
  return inSrc?.[1] ?? id;
}

interface SwEntry {
  url: string;
  /** The groups cached on first use (src/sw/cache-groups.ts); none: precached on install. */
  groups: string[];
}

/** The list vite-plugin-pwa injected into sw.js: each file and the groups it belongs to. */
function swEntries(outDir: string): SwEntry[] {
  const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{[^{}]*"url":"[^"]+"[^{}]*\}/g)].map((m) => {
    const entry = JSON.parse(m[0]) as { url: string; groups?: string[] };
    return { url: entry.url, groups: entry.groups ?? [] };
  });
}

function sizeOf(outDir: string, urls: string[]): BundleReport['precache'] {
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const file = join(outDir, url);
    bytes += statSync(file).size;
    gzipBytes += gzipSizeOfFile(file);
  }
  return { entries: urls.length, bytes, gzipBytes };
}

/** Sums the files precached on install. */
export function precacheSize(outDir: string): BundleReport['precache'] {
  return sizeOf(
    outDir,
    swEntries(outDir)
      .filter((entry) => entry.groups.length === 0)
      .map((entry) => entry.url),
  );
}

/** Sums each group's files (a file in two groups counts in both). */
export function groupSizes(outDir: string): BundleReport['groups'] {
  const entries = swEntries(outDir);
  const names = [...new Set(entries.flatMap((entry) => entry.groups))].sort();
  return names.map((name) => ({
    name,
    ...sizeOf(
      outDir,
      entries.filter((entry) => entry.groups.includes(name)).map((entry) => entry.url),
    ),
  }));
}

function gzipSizeOfFile(file: string): number {
  return gzipSync(readFileSync(file), { level: 6 }).length;
}

/**
 * What attaching and viewing a document loads on first use: the compressor module, its module
 * worker (a separate build, so found by name in assets/) and the zoom viewer. Attaching and
 * viewing work offline only if the service worker has all three once the tracker was opened
 * online: precached or in the tracker's group.
 */
export function documentChunks(outDir: string, manifest: Manifest): BundleReport['documentChunks'] {
  const urls = new Set(
    swEntries(outDir)
      .filter((entry) => entry.groups.length === 0 || entry.groups.includes('tracker'))
      .map((entry) => entry.url),
  );
  const lazy = ['src/lib/photos/compress.ts', 'src/features/documents/image-viewer.tsx'];
  const files = lazy.map((key) => manifest[key]?.file ?? `${key} (not in the build)`);
  const worker = readdirSync(join(outDir, 'assets')).find((f) =>
    /^compress\.worker-.+\.js$/.test(f),
  );
  files.push(worker ? `assets/${worker}` : 'compress.worker (not in the build)');
  return files.map((file) => ({ file, offline: urls.has(file) }));
}

export function measureBundles(app: BuiltApp): BundleReport {
  const manifest = JSON.parse(
    readFileSync(join(app.outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  return {
    routes: Object.keys(routeFiles).map((path) => routeBundle(app, manifest, path)),
    precache: precacheSize(app.outDir),
    groups: groupSizes(app.outDir),
    documentChunks: documentChunks(app.outDir, manifest),
  };
}
