import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineStylesWithComponents } from '../../../scripts/mantine-styles/plugin';

const mantine = join(process.cwd(), 'node_modules/@mantine/core');

function transformOf(plugin: Plugin | undefined): (code: string, id: string) => unknown {
  const hook = plugin?.transform;
  if (typeof hook !== 'function') throw new Error('the plugin has no transform');
  return (code, id) => Reflect.apply(hook, {}, [code, id]);
}

describe('Mantine stylesheets with the components', () => {
  const [build] = mantineStylesWithComponents();
  const transform = transformOf(build);

  it("gives every Mantine class-name module its component's stylesheet, in the cascade layer", () => {
    const modules = readdirSync(join(mantine, 'esm'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.module.mjs'),
    );
    // Checkbox, Radio and Switch lay out their label with InlineInput's, which is not in components/.
    expect(modules).toContain(join('utils', 'InlineInput', 'InlineInput.module.mjs'));
    for (const file of modules) {
      const result = transform('export default {};', join(mantine, 'esm', file));
      const sheet = /^import '@mantine\/core\/(styles\/\w+\.layer\.css)';/.exec(
        (result as { code?: string } | null)?.code ?? '',
      )?.[1];
      expect(sheet, file).toBeDefined();
      expect(existsSync(join(mantine, sheet ?? '')), file).toBe(true);
    }
  });

  it('leaves every other module alone', () => {
    expect(transform('export {};', join(mantine, 'esm/components/Button/Button.mjs'))).toBeNull();
    expect(transform('export {};', '/app/src/components/layout/header.tsx')).toBeNull();
  });
});
