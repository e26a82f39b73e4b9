import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineUseIdFromReact } from '../../../scripts/mantine-id/plugin';

const hooksModule = join(process.cwd(), 'node_modules/@mantine/hooks/esm/use-id/use-id.mjs');

function loadOf(plugin: Plugin): (id: string) => unknown {
  const hook = plugin.load;
  if (typeof hook !== 'function') throw new Error('the plugin has no load hook');
  return (id) => Reflect.apply(hook, {}, [id]);
}

describe("the build's replacement for Mantine's useId", () => {
  const load = loadOf(mantineUseIdFromReact());

  it("stands in for Mantine's module, which still exports that hook and nothing else", () => {
    // A Mantine release that moves or widens the module must not slip past the replacement.
    const original = readFileSync(hooksModule, 'utf8');
    expect([...original.matchAll(/export \{([^}]*)\}/g)].map((match) => match[1]?.trim())).toEqual([
      'useId$1 as useId',
    ]);
    const code = load(hooksModule);
    expect(code).toMatch(/^export \{ useId \} from ".*\/src\/lib\/mantine-use-id\.ts";$/);
  });

  it('leaves every other module alone', () => {
    expect(
      load(join(process.cwd(), 'node_modules/@mantine/hooks/esm/use-idle/use-idle.mjs')),
    ).toBeNull();
    expect(load(join(process.cwd(), 'src/lib/mantine-use-id.ts'))).toBeNull();
  });
});
