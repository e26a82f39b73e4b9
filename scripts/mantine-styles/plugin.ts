// Mantine's stylesheets arrive with the code that uses them (issue 22: the home page's CSS ≤ 30 KB
// gzip; all of @mantine/core's is ~35 KB). Each component's class names live in
// `esm/components/<Dir>/<Name>.module.mjs` (InlineInput's in `esm/utils/`) and its rules in
// `styles/<Name>.layer.css`, one for one (a name without a sheet fails the build's import);
// importing the sheet from the class-name module puts it in whichever chunk holds the component,
// so a page loads the rules of the components it renders and no others, with no list to keep.
//
// The `.layer.css` files put every Mantine rule in `@layer mantine`: a component first used by a
// lazily loaded part has its sheet appended after the app's own (src/styles/global.css, CSS
// modules), and without the layer its rules would beat the app's at equal specificity (e.g. the
// input focus ring). Unlayered rules win over layered ones whatever the order. Inside the layer
// the order is the modules' import order, and Mantine imports a component's building blocks
// (UnstyledButton for Button) before its own class names, so their rules still come first.
import type { Plugin } from 'vite';

const classNamesModule = /\/@mantine\/core\/esm\/[^?]+\/([A-Za-z]+)\.module\.mjs$/;
const cssVariablesComponent =
  /\/@mantine\/core\/esm\/core\/MantineProvider\/MantineCssVariables\/MantineCssVariables\.mjs$/;

export function mantineStylesWithComponents(): Plugin[] {
  return [
    {
      name: 'bimaguide:mantine-styles-with-components',
      apply: 'build',
      transform(code, id) {
        const name = classNamesModule.exec(id)?.[1];
        if (!name) return null;
        return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
      },
    },
    {
      // The theme's CSS variables are a stylesheet (src/styles/theme-variables.css, made and
      // checked by src/config/theme.test.tsx) and the provider is told not to compute them
      // (src/app.tsx), yet it imports the component that would, and with it Mantine's resolver
      // and colour functions: about 1.8 KB gzip of every page's first download (issue 22).
      name: 'bimaguide:mantine-css-variables-as-stylesheet',
      apply: 'build',
      enforce: 'pre',
      load(id) {
        if (!cssVariablesComponent.test(id)) return null;
        return 'export function MantineCssVariables() { return null; }';
      },
    },
    {
      // The dev server serves @mantine/core pre-bundled, so the modules above never pass through
      // a transform there: the whole stylesheet stands in, in the same layer.
      name: 'bimaguide:mantine-styles-dev',
      apply: 'serve',
      transform(code, id) {
        if (!id.endsWith('/src/main.tsx')) return null;
        return { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null };
      },
    },
  ];
}
