import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../tests/helpers/render';
import { lazyDialog } from './lazy-dialog';

interface NoteDialogProps {
  opened: boolean;
  onClose: () => void;
}

function NoteDialog({ opened, onClose }: NoteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="A note" trapFocus returnFocus>
      <Button onClick={onClose}>Done</Button>
    </Modal>
  );
}

function setup() {
  const load = vi.fn(() => Promise.resolve({ default: NoteDialog }));
  const LazyNote = lazyDialog(
    load,
    (props) => props.opened,
    (props) => ({ ...props, opened: false }),
  );
  function Screen() {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <Button onClick={() => setOpened(true)}>Write a note</Button>
        <LazyNote opened={opened} onClose={() => setOpened(false)} />
      </>
    );
  }
  render(<Screen />);
  return { load };
}

describe('a dialog loaded when first opened', () => {
  it('loads nothing until the user opens it', () => {
    const { load } = setup();
    expect(screen.getByRole('button', { name: 'Write a note' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with focus inside and gives focus back to its button when closed, each time', async () => {
    const { load } = setup();
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Write a note' });
    for (const round of [1, 2]) {
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'A note' });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(opener).toHaveFocus());
      expect({ round, loads: load.mock.calls.length }).toEqual({ round, loads: 1 });
    }
  });
});
