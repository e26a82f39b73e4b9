import { useMemo } from 'react';
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { useT } from '@/lib/use-i18n';

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

/** The theme, with `close` as the name of the dialogs' and drawers' close buttons. */
function themeWith(close: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'teal',
    primaryShade: { light: 9, dark: 6 },
    defaultRadius: 'md',
    // System fonts: nothing to download, so no layout shift and no flash on slow networks.
    fontFamily: systemFont,
    headings: { fontFamily: systemFont },
    focusRing: 'auto',
    // Plain objects rather than Modal.extend(): importing the components here would put them
    // in every page's first download.
    components: {
      // Mantine's close button is an icon without a name; a screen reader would say "button".
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      // Mantine leaves the show/hide toggle out of the Tab order; keyboard users need it too.
      PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
      // Scrollbars that show whenever a table is wider than the screen, not only on hover: on a
      // phone there is no hover, and a cut-off table gave no sign that it scrolls.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto' } } },
    },
  });
}

/** The app's theme in the active language: a switch renames the close buttons too. */
export function useAppTheme(): MantineThemeOverride {
  const t = useT();
  return useMemo(() => themeWith(t('shell.close')), [t]);
}

/**
 * Mantine's default dimmed grey is about 3.3:1 on white; gray-7 keeps secondary text readable.
 * Teal "light" badges and buttons put teal-9 text on a teal-1 tint (4.3:1, under the 4.5:1 small
 * text needs); one step darker than teal-9 gives 5.4:1. A filled teal button under the pointer
 * goes to Mantine's hover shade, teal-8 when the shade is 9: white on it is 3.9:1, so it goes
 * that same step darker instead (white on it 6.3:1). The focus ring (global.css) is orange-9:
 * 4.3:1 on white and apart from the teal of links and buttons (orange-6 was 2.6:1).
 * The due chips and badges get the same treatment: light orange, yellow and red text on their
 * tints measured 3.6, 2.7 and 4.5:1, filled orange with white text 4.3:1 (the header's due
 * count at 10 px); these shades give at least 4.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--bima-focus-ring': 'var(--mantine-color-orange-9)' },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light-color': '#076e4f',
    '--mantine-color-teal-filled-hover': '#076e4f',
    '--mantine-color-orange-light-color': '#b03c0c',
    '--mantine-color-yellow-light-color': '#945000',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-orange-filled': '#bf400d',
    '--mantine-color-orange-filled-hover': '#a63a0b',
  },
  dark: {},
});
