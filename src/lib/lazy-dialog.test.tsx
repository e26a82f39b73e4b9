import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { render, screen, userEvent, waitFor } from '../../tests/helpers/render';
import { lazyDialog } from './lazy-dialog';

const shown = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('./toast', () => ({ toast: shown.toast }));

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

function setup(
  load = vi.fn<() => Promise<{ default: typeof NoteDialog }>>(() =>
    Promise.resolve({ default: NoteDialog }),
  ),
) {
  const LazyNote = lazyDialog(
    load,
    (props) => props.opened,
    (props) => ({ ...props, opened: false }),
    {
      close: (props) => props.onClose(),
      titleId: 'tracker.dialogUnavailable',
      descriptionId: 'tracker.menu.tryAgain',
    },
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

  it('says so when its code cannot be loaded, and a later tap opens it once the code came', async () => {
    shown.toast.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreachable = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const load = vi.fn<() => Promise<{ default: typeof NoteDialog }>>(() =>
      Promise.resolve({ default: NoteDialog }),
    );
    // The first load and the one the first toast asks for fail (offline); then it loads.
    load.mockImplementationOnce(unreachable).mockImplementationOnce(unreachable);
    setup(load);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Write a note' });
    const loaded = async (call: number) => {
      await waitFor(() => expect(load).toHaveBeenCalledTimes(call));
      await act(async () => {
        await load.mock.results[call - 1]?.value.catch(() => undefined);
      });
    };

    await user.click(opener);
    await waitFor(() =>
      expect(shown.toast).toHaveBeenCalledWith({
        title: 'This could not be opened',
        description: 'Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await loaded(2);

    // Still not loaded: the next tap says so again instead of doing nothing.
    await user.click(opener);
    await waitFor(() => expect(shown.toast).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).toBeNull();

    // That toast asked for the code again; it came, and the next tap opens the dialog.
    await loaded(3);
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'A note' })).toBeInTheDocument();
    expect(shown.toast).toHaveBeenCalledTimes(2);
  });
});
