// Writes brotli and gzip versions of the build's text files for the static host (issue 22), as
// the last build step: every file must be final (the pre-rendered pages, sw.js, _headers' pages).
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompress } from '../../server/compression.ts';

export function precompressBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bimaguide:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        // The pre-render step's nested server build loads this same config.
        if (config.build.ssr) return;
        const count = await precompress(resolve(config.root, config.build.outDir));
        config.logger.info(`precompressed ${count} files (brotli and gzip)`);
      },
    },
  };
}
