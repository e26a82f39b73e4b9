// Which built files the service worker precaches on install and which it caches when first used
// (issue 22: the first install ≤ 450 KB gzip; src/sw/cache-groups.ts). Found from the bundle's
// import graph, not from a list of files:
// - online only (never cached ahead): the admin area and lucide's name → icon map;
// - the precache: the entry and every chunk the English public pages load, statically or lazily
//   (guides, calculators, news, glossary, FAQ, contact, the callback form), so the public site
//   works offline after the first visit;
// - `tracker`: what only the tracker, the sign-in screens and signed-in users load (their
//   texts, the account menu, supabase-js, documents' compressor, worker and viewer, sharing,
//   export and calendar, reminders), cached once the tracker is opened or anyone is signed in
//   (src/features/tracker/background-sync.tsx asks; the first use needs the network);
// - `hi`: what only the Hindi pages and catalogs load, cached once Hindi is chosen.
// A lazy import into the tracker or Hindi code starts that group; a static import always
// follows its importer (it cannot run without it). A file both groups reach is in both.
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';
import { DASHBOARD_MODULES, routePreloads } from '../prerender/route-shell.ts';

const onlineOnly =
  /\/src\/(?:features|domain)\/admin\/|\/src\/routes\/admin[/-][^?]*\?tsr-split|\/lucide-react\/dist\/esm\/dynamicIconImports/;
const adminDomain = /\/src\/domain\/admin\//;
const hindi =
  /\/src\/locales\/(?:[^/]+\/)?hi\.po$|\/src\/features\/content\/guides\/data\/[^/]+\.hi\.ts$|\/src\/routes\/_site\/hi\//;
const trackerOnly =
  /\/src\/routes\/(?:_site\/policy-tracker(?:\/|_\.)|_site\/password-reset|login|admin-login)|\/src\/features\/(?:tracker|sharing|transfer|documents|reminders)\/|\/src\/features\/auth\/account-menu\.tsx$|\/src\/locales\/(?:tracker|outlook|account)\/|\/src\/lib\/(?:photos\/|supabase-client\.ts)|\/node_modules\/(?:@supabase|browser-image-compression|react-zoom-pan-pinch)\//;
/**
 * A lazy part only the tracker, the sign-in screens and signed-in users load: the tracker's
 * pages (not its intro, a public page anyone can open offline), the account menu, their texts.
 */
export function trackerOnlyModule(id: string): boolean {
  return trackerOnly.test(id);
}
/** The documents' compressor's module worker: a separate build, emitted as an asset. */
const trackerAsset = /^assets\/compress\.worker-/;

type Group = 'tracker' | 'hi';

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  modules: Record<string, unknown>;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * A chunk holding the admin area's own code (its screens, its routes) or lucide's name map. Not
 * its domain rules: those are shared (the database errors' texts, which the tracker shows too,
 * and the dashboard's own file gathers), and a chunk holding them only is kept with its users,
 * or the installed tracker would miss it offline.
 */
export function onlineOnlyChunk(chunk: Pick<ChunkLike, 'facadeModuleId' | 'modules'>): boolean {
  return (
    onlineOnly.test(chunk.facadeModuleId ?? '') ||
    Object.keys(chunk.modules).some((id) => onlineOnly.test(id) && !adminDomain.test(id))
  );
}

export function cacheGroupsPlugin(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  const notCached = new Set<string>();
  const groupsOf = new Map<string, Set<Group>>();
  const precached = new Set<string>();

  const plugin: Plugin = {
    name: 'bimaguide:cache-groups',
    // The browser build: the pages' server build (scripts/prerender) is not served.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks.set(file, output as unknown as ChunkLike);
        else if (trackerAsset.test(file)) groupsOf.set(file, new Set(['tracker']));
      }
      const kindOf = (file: string): 'online' | Group | null => {
        const chunk = chunks.get(file);
        if (!chunk) return null;
        if (!chunk.isEntry && onlineOnlyChunk(chunk)) return 'online';
        const id = chunk.facadeModuleId ?? '';
        if (hindi.test(id)) return 'hi';
        if (trackerOnlyModule(id)) return 'tracker';
        return null;
      };
      const starts: Record<Group, string[]> = { tracker: [], hi: [] };
      /** Every chunk `roots` load, stopping at lazy imports into another group (noted). */
      const reach = (roots: string[], stopAt: (kind: ReturnType<typeof kindOf>) => boolean) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = chunks.get(file);
          if (!chunk) continue;
          stack.push(...chunk.imports);
          for (const lazy of chunk.dynamicImports) {
            const kind = kindOf(lazy);
            if (kind === 'online') continue;
            if (kind && stopAt(kind)) starts[kind].push(lazy);
            else stack.push(lazy);
          }
        }
        return seen;
      };
      const entries = [...chunks].filter(([, chunk]) => chunk.isEntry).map(([file]) => file);
      const core = reach(entries, (kind) => kind === 'tracker' || kind === 'hi');
      const tracker = reach(starts.tracker, (kind) => kind === 'hi');
      const hi = reach(starts.hi, (kind) => kind === 'tracker');
      for (const [file, chunk] of chunks) {
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        const files = [file, ...css];
        if (kindOf(file) === 'online') {
          for (const f of files) notCached.add(f);
          continue;
        }
        if (core.has(file)) {
          for (const f of files) precached.add(f);
          continue;
        }
        const groups: Group[] = [];
        if (tracker.has(file)) groups.push('tracker');
        if (hi.has(file)) groups.push('hi');
        // Reached by neither (code only the bundler's graph knows): with the tracker.
        if (groups.length === 0) groups.push('tracker');
        for (const f of files) {
          const set = groupsOf.get(f) ?? new Set<Group>();
          for (const group of groups) set.add(group);
          groupsOf.set(f, set);
        }
      }
      // The installed app's start page opens offline from the files its shell names
      // (scripts/prerender/route-shell.ts): each must be precached or kept with the tracker.
      const shell = routePreloads(chunks, DASHBOARD_MODULES);
      const uncached = [...shell.scripts, ...shell.styles].filter(
        (file) => !precached.has(file) && !groupsOf.get(file)?.has('tracker'),
      );
      if (uncached.length > 0) {
        throw new Error(`The dashboard's shell names files no cache keeps: ${uncached.join(', ')}`);
      }
    },
  };

  const manifestTransform: ManifestTransform = (entries) => ({
    manifest: entries
      .filter((entry) => !notCached.has(entry.url) || precached.has(entry.url))
      .map((entry) => {
        const groups = groupsOf.get(entry.url);
        // A file the precache needs (a stylesheet shared with a public page) is precached.
        if (!groups || precached.has(entry.url)) return entry;
        // Read by src/sw/cache-groups.ts; workbox writes each entry into sw.js as it is.
        return Object.assign(entry, { groups: [...groups].sort() });
      }),
    warnings: [],
  });

  return { plugin, manifestTransform };
}
