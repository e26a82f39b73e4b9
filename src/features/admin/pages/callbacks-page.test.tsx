import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Callback } from '@/domain/schemas';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { renderWithRouter } from '../test-router';
import { CallbacksPage } from './callbacks-page';

const api = vi.hoisted(() => ({
  fetchCallbacks: vi.fn(),
  deleteCallbacks: vi.fn(),
  toast: vi.fn(),
}));
vi.mock('../api/fetch-callbacks', () => ({ fetchCallbacks: api.fetchCallbacks }));
vi.mock('../api/delete-callbacks', () => ({ deleteCallbacks: api.deleteCallbacks }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

function lead(n: number): Callback {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Lead ${n}`,
    phone: '+91 98300-1234' + n,
    city: 'Kolkata',
    product: 'Health Insurance',
    created_at: `2025-10-0${n}T04:30:00+00:00`,
  };
}

const rows = [lead(3), lead(2), lead(1)];

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchCallbacks.mockResolvedValue({ ok: true, data: rows });
});

describe('CallbacksPage', () => {
  it('lists requests with a tap-to-call phone link and nothing selected', async () => {
    renderWithRouter(<CallbacksPage />);
    const link = await screen.findByRole('link', { name: '+91 98300-12343' });
    expect(link).toHaveAttribute('href', 'tel:+919830012343');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select all callbacks' })).not.toBeChecked();
  });

  it('select-all toggles every row; unticking one leaves select-all mixed', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CallbacksPage />);
    const all = await screen.findByRole('checkbox', { name: 'Select all callbacks' });
    await user.click(all);
    for (const r of rows) {
      expect(
        screen.getByRole('checkbox', { name: `Select callback from ${r.name}` }),
      ).toBeChecked();
    }
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select callback from Lead 2' }));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    await user.click(all);
    for (const r of rows) {
      expect(
        screen.getByRole('checkbox', { name: `Select callback from ${r.name}` }),
      ).not.toBeChecked();
    }
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('deletes the selected rows after confirmation, toasts the count and reloads', async () => {
    const user = userEvent.setup();
    api.deleteCallbacks.mockResolvedValue({ ok: true, data: 2 });
    renderWithRouter(<CallbacksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select callback from Lead 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select callback from Lead 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteCallbacks).toHaveBeenCalledTimes(1));
    expect([...(api.deleteCallbacks.mock.calls[0]?.[0] as string[])].sort()).toEqual(
      [rows[2]?.id, rows[0]?.id].sort(),
    );
    await waitFor(() =>
      expect(api.toast).toHaveBeenCalledWith({
        title: 'Success',
        description: '2 callback(s) deleted.',
      }),
    );
    await waitFor(() => expect(api.fetchCallbacks).toHaveBeenCalledTimes(2));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CallbacksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all callbacks' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.deleteCallbacks).not.toHaveBeenCalled();
  });

  it('reports load and delete failures with the server message', async () => {
    const user = userEvent.setup();
    api.deleteCallbacks.mockResolvedValue({ ok: false, error: { message: 'boom', code: null } });
    renderWithRouter(<CallbacksPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all callbacks' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(api.toast).toHaveBeenCalledWith({
        title: 'Error deleting callbacks',
        description: 'boom',
        variant: 'destructive',
      }),
    );

    api.fetchCallbacks.mockResolvedValue({ ok: false, error: { message: 'offline', code: null } });
    renderWithRouter(<CallbacksPage />);
    await waitFor(() =>
      expect(api.toast).toHaveBeenCalledWith({
        title: 'Error fetching callbacks',
        description: 'offline',
        variant: 'destructive',
      }),
    );
  });
});
