import { Modal } from '@mantine/core';
import { afterEach, expect, it } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
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
