import { MantineProvider, Modal } from '@mantine/core';
import { render as renderBare } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { cssVariablesResolver, useAppTheme } from './theme';
import { allMessages } from '../../tests/helpers/catalogs';
import { render, screen } from '../../tests/helpers/render';

afterEach(() => {
  activateLoaded('en', allMessages.en);
});

function Dialog() {
  return (
    <Modal opened onClose={() => undefined} title="—">
      …
    </Modal>
  );
}

it('names a dialog’s close button in the active language', async () => {
  render(<Dialog />);
  expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
});

it('names it in Hindi when Hindi is chosen', async () => {
  activateLoaded('hi', allMessages.hi);
  render(<Dialog />);
  expect(await screen.findByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
});

function ThemedProvider() {
  return (
    <MantineProvider theme={useAppTheme()} cssVariablesResolver={cssVariablesResolver}>
      —
    </MantineProvider>
  );
}

it('the theme’s stylesheet holds the variables Mantine makes of the theme', async () => {
  // The app links them as a stylesheet instead of having Mantine compute them in every page
  // load (src/app.tsx); Mantine's own provider, as the app used it before, is the reference.
  // After changing the theme, `npx vitest run --project unit src/config -u` rewrites the file.
  const { container } = renderBare(<ThemedProvider />);
  const css = container.ownerDocument.querySelector('style[data-mantine-styles]')?.textContent;
  expect(css).toBeTruthy();
  await expect(
    `/* Made from src/config/theme.ts by Mantine's own resolver in theme.test.tsx; do not edit. */\n${css}\n`,
  ).toMatchFileSnapshot('../styles/theme-variables.css');
});
