import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from '@/lib/api-call';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { render } from '../../../../tests/helpers/render';
import { deleteCalendarFeed } from './api/delete-calendar-feed';
import { fetchCalendarFeed } from './api/fetch-calendar-feed';
import { regenerateCalendarFeed } from './api/regenerate-calendar-feed';
import { CalendarFeedPanel } from './calendar-feed-panel';

vi.mock('./api/fetch-calendar-feed', () => ({ fetchCalendarFeed: vi.fn() }));
vi.mock('./api/regenerate-calendar-feed', () => ({ regenerateCalendarFeed: vi.fn() }));
vi.mock('./api/delete-calendar-feed', () => ({ deleteCalendarFeed: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
vi.mock('@/lib/env', () => ({
  getEnv: () => ({ VITE_SUPABASE_URL: 'https://api.example', VITE_SUPABASE_ANON_KEY: 'x' }),
}));

const USER = '11111111-1111-4111-8111-111111111111';
const first = 'a'.repeat(64);
const second = 'b'.repeat(64);

afterEach(() => {
  vi.resetAllMocks();
});

function address(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'Your private calendar address' });
}

describe('CalendarFeedPanel', () => {
  it('turns the feed on and shows the address to subscribe to', async () => {
    vi.mocked(fetchCalendarFeed).mockResolvedValue({ ok: true, data: null });
    vi.mocked(regenerateCalendarFeed).mockResolvedValue({ ok: true, data: first });
    render(<CalendarFeedPanel userId={USER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on calendar feed' }));
    await waitFor(() =>
      expect(address().value).toBe(`https://api.example/functions/v1/calendar-feed/${first}.ics`),
    );
    expect(screen.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
      'href',
      `webcal://api.example/functions/v1/calendar-feed/${first}.ics`,
    );
  });

  it('makes a new address only after the user confirms the old one will stop working', async () => {
    vi.mocked(fetchCalendarFeed).mockResolvedValue({ ok: true, data: { token: first } });
    vi.mocked(regenerateCalendarFeed).mockResolvedValue({ ok: true, data: second });
    render(<CalendarFeedPanel userId={USER} />);
    await waitFor(() => expect(address().value).toContain(first));
    await userEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new calendar address?' });
    expect(regenerateCalendarFeed).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(address().value).toContain(second));
  });

  it('turns the feed off after confirming', async () => {
    vi.mocked(fetchCalendarFeed).mockResolvedValue({ ok: true, data: { token: first } });
    vi.mocked(deleteCalendarFeed).mockResolvedValue({ ok: true, data: null });
    render(<CalendarFeedPanel userId={USER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off calendar feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await screen.findByRole('button', { name: 'Turn on calendar feed' });
    expect(deleteCalendarFeed).toHaveBeenCalledWith(USER);
  });

  it('says what went wrong and lets the user try again', async () => {
    vi.mocked(fetchCalendarFeed)
      .mockResolvedValueOnce(failure('Failed to fetch'))
      .mockResolvedValueOnce({ ok: true, data: null });
    render(<CalendarFeedPanel userId={USER} />);
    await screen.findByText('Could not check your calendar feed');
    expect(
      screen.getByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Turn on calendar feed' });
  });

  it('says what went wrong in Hindi, the server’s words only as a detail', async () => {
    activateLoaded('hi', allMessages.hi);
    try {
      vi.mocked(fetchCalendarFeed)
        .mockResolvedValueOnce(failure('Failed to fetch'))
        .mockResolvedValueOnce(failure('calendar feeds are paused', 'P0001'));
      render(<CalendarFeedPanel userId={USER} />);
      await screen.findByText('आपकी कैलेंडर फ़ीड जाँची नहीं जा सकी');
      expect(
        screen.getByText('सर्वर तक नहीं पहुँच सके। अपना इंटरनेट कनेक्शन जाँचें, फिर कोशिश करें।'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'फिर कोशिश करें' }));
      expect(
        await screen.findByText('यह नहीं हो सका (calendar feeds are paused)'),
      ).toBeInTheDocument();
    } finally {
      activateLoaded('en', allMessages.en);
    }
  });
});
