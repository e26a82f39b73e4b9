// Vite lists, for every lazy import, each chunk to preload with it: the whole tree of chunks
// the imported one needs. The lists (names and indexes) are in the chunk holding the import,
// for the app's entry those of every route: about 5 KB gzip of the home page's first download
// (issue 22). A chunk runs only once every chunk it imports statically has loaded, so a lazy
// import in it never needs those preloaded; this drops them from its lists (the framework, the
// entry's Mantine base and every other chunk of the first download, in most of the entry's
// lists), and the rest of each tree is preloaded as before.
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  imports?: string[];
}

export function preloadOnlyWhatIsMissing(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Record<string, ChunkLike> = {};
  const loadedWith = new Map<string, Set<string>>();

  /** `host` and every chunk it imports statically, directly or not: loaded before it runs. */
  function loadedBefore(host: string): Set<string> {
    let files = loadedWith.get(host);
    if (files) return files;
    files = new Set();
    const stack = [host];
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      stack.push(...(bundle[file]?.imports ?? []));
    }
    loadedWith.set(host, files);
    return files;
  }

  return {
    plugin: {
      name: 'bimaguide:preload-only-what-is-missing',
      apply: 'build',
      // Before Vite's own generateBundle writes the lists (resolveDependencies runs in it).
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedWith.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      const loaded = loadedBefore(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
