import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../tests/helpers/catalogs';
import { render, screen, waitFor } from '../../tests/helpers/render';
import { toast } from '@/lib/toast';
import { NotificationRegion } from './notification-region';

describe('toasts', () => {
  // First: whether a toast was asked for is kept for the page's life.
  it('loads nothing of the renderer until a toast is asked for, idle or not', async () => {
    render(<NotificationRegion />);
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    // Longer than the idle-time loads wait after the page's load event.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(region).toBeEmptyDOMElement();
  });

  it('show one at a time: a new toast replaces the one on screen', async () => {
    render(<NotificationRegion />);
    act(() => {
      toast({ title: 'First message', description: 'first detail' });
    });
    await screen.findByText('First message');
    act(() => {
      toast({ title: 'Second message', description: 'second detail', variant: 'destructive' });
    });
    await screen.findByText('Second message');
    await waitFor(() => expect(screen.queryByText('First message')).not.toBeInTheDocument());
    expect(screen.getByText('second detail')).toBeInTheDocument();
  });

  it('F8 moves focus to the notification region', async () => {
    render(<NotificationRegion />);
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(region).not.toHaveFocus();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8' }));
    });
    expect(region).toHaveFocus();
  });

  it('names the region in Hindi when Hindi is chosen', async () => {
    activateLoaded('hi', allMessages.hi);
    render(<NotificationRegion />);
    await screen.findByRole('region', { name: 'सूचनाएँ (F8)' });
  });
});

afterEach(() => {
  activateLoaded('en', allMessages.en);
});
