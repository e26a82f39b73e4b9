// Mantine's useId, replaced in the build by React's (src/lib/mantine-use-id.ts says why). The
// module is swapped where it is loaded, so @mantine/core and @mantine/hooks, whichever way they
// import it, get the one replacement.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const mantineUseIdModule = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;

const replacement = fileURLToPath(new URL('../../src/lib/mantine-use-id.ts', import.meta.url));

export function mantineUseIdFromReact(): Plugin {
  return {
    name: 'bimaguide:mantine-use-id-from-react',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!mantineUseIdModule.test(id)) return null;
      return `export { useId } from ${JSON.stringify(replacement)};`;
    },
  };
}
