// `zod/mini` gets its own copy of zod's core in the build (issue 22: the home page's JS ≤ 150 KB
// gzip). Every page parses its stored session and search params with `zod/mini` before it
// renders; the rest of the app uses the full `zod` from lazily loaded chunks. Both are built on
// `zod/v4/core`, and a module is bundled once: shared, its one copy held every part of the core
// the full API uses (16.4 KB gzip in the first download, where the mini schemas need about
// half). Resolved under a query suffix, the core `zod/mini` imports is a module of its own,
// tree-shaken to what the mini schemas use, and the full zod keeps the original.
//
// zod is made for this: its settings live on `globalThis` (`jitless`, set once in
// src/lib/zod-without-eval.ts, is read by both) and `instanceof` checks a schema's traits, not
// its class, so schemas of the two copies mix.
import type { Plugin } from 'vite';

const COPY = '?zod-mini-core';

export function zodMiniOwnCore(): Plugin {
  return {
    name: 'bimaguide:zod-mini-own-core',
    apply: 'build',
    resolveId: {
      order: 'pre',
      async handler(source, importer, options) {
        if (!importer) return null;
        const inCopy = importer.endsWith(COPY);
        // The app's `zod/mini` imports enter the copy; inside it, zod's relative imports stay.
        if (!(inCopy ? source.startsWith('.') : source === 'zod/mini')) return null;
        const resolved = await this.resolve(
          source,
          importer.slice(0, inCopy ? -COPY.length : undefined),
          {
            ...options,
            skipSelf: true,
          },
        );
        if (!resolved || resolved.external) return resolved;
        return { ...resolved, id: `${resolved.id}${COPY}` };
      },
    },
  };
}
