import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  // System fonts: nothing to download, so no layout shift and no flash on slow networks.
  fontFamily: systemFont,
  headings: { fontFamily: systemFont },
  focusRing: 'auto',
});

/**
 * Mantine's default dimmed grey is about 3.3:1 on white; gray-7 keeps secondary text readable.
 * Teal "light" badges and buttons put teal-9 text on a teal-1 tint (4.3:1, under the 4.5:1 small
 * text needs); one step darker than teal-9 gives 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light-color': '#076e4f',
  },
  dark: {},
});
