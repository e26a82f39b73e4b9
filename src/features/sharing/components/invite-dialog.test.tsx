import { afterEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { activateLoaded } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { render, screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { createInvitation } from '../api/create-invitation';
import { InviteDialog } from './invite-dialog';

vi.mock('../api/create-invitation', () => ({ createInvitation: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const POLICY = '33333333-3333-4333-8333-333333333333';

afterEach(() => {
  vi.resetAllMocks();
  activateLoaded('en', allMessages.en);
});

function open(onSent = vi.fn(), onClose = vi.fn()) {
  render(
    <InviteDialog
      opened
      onClose={onClose}
      policyId={POLICY}
      policyLabel="Star Health · SH-1"
      onSent={onSent}
    />,
  );
  return screen.getByRole('dialog', { name: 'Share this policy' });
}

describe('InviteDialog', () => {
  it('invites to all policies as editor, says it was sent and closes', async () => {
    const user = userEvent.setup();
    vi.mocked(createInvitation).mockResolvedValue({
      ok: true,
      data: { email: 'ravi@example.com' } as never,
    });
    const onSent = vi.fn();
    const onClose = vi.fn();
    const dialog = open(onSent, onClose);
    await user.type(within(dialog).getByLabelText(/Email address/), 'ravi@example.com');
    await user.click(
      within(dialog).getByRole('radio', { name: 'Editor: can also edit and mark renewed' }),
    );
    await user.click(
      within(dialog).getByRole('radio', { name: 'All my policies, including ones added later' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createInvitation).toHaveBeenCalledWith({
      email: 'ravi@example.com',
      role: 'editor',
      policyId: null,
    });
    expect(onSent).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({
      title: 'Invitation sent',
      description: 'We emailed ravi@example.com a link to accept. It expires in 14 days.',
    });
  });

  it('says a refusal in the dialog and keeps what was typed', async () => {
    const user = userEvent.setup();
    vi.mocked(createInvitation).mockResolvedValue({
      ok: false,
      error: { code: 'SH001', message: 'You cannot share policies with yourself' },
    });
    const onClose = vi.fn();
    const dialog = open(vi.fn(), onClose);
    await user.type(within(dialog).getByLabelText(/Email address/), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot share policies with yourself',
    );
    expect(createInvitation).toHaveBeenCalledWith({
      email: 'me@example.com',
      role: 'viewer',
      policyId: POLICY,
    });
    expect(within(dialog).getByLabelText(/Email address/)).toHaveValue('me@example.com');
    expect(onClose).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('says offline clearly, keeping the input', async () => {
    const user = userEvent.setup();
    vi.mocked(createInvitation).mockResolvedValue({
      ok: false,
      error: { code: 'offline', message: 'Offline' },
    });
    const dialog = open();
    await user.type(within(dialog).getByLabelText(/Email address/), 'ravi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are offline. Sharing needs an internet connection',
    );
    expect(within(dialog).getByLabelText(/Email address/)).toHaveValue('ravi@example.com');
  });

  it('asks for an address before sending anything', async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('Enter the email address of the person to invite'),
    ).toBeInTheDocument();
    expect(createInvitation).not.toHaveBeenCalled();
  });

  it("says the server's refusals in Hindi, by their code", async () => {
    activateLoaded('hi', allMessages.hi);
    const user = userEvent.setup();
    vi.mocked(createInvitation).mockResolvedValue({
      ok: false,
      error: {
        code: 'SH003',
        message: 'An invitation to ravi@example.com for this policy is already waiting',
      },
    });
    render(<InviteDialog opened onClose={vi.fn()} policyId={null} />);
    const dialog = screen.getByRole('dialog', { name: 'मेरी सभी पॉलिसियाँ साझा करें' });
    await user.type(within(dialog).getByLabelText(/ईमेल पता/), 'ravi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'निमंत्रण भेजें' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'इस पते पर इन पॉलिसियों का एक निमंत्रण पहले से प्रतीक्षा में है',
    );
  });

  it('says an unknown refusal in Hindi with the server’s words only as a detail', async () => {
    activateLoaded('hi', allMessages.hi);
    const user = userEvent.setup();
    const answers = [
      { code: 'XX000', message: 'internal error' },
      { code: 'not_sent', message: 'HTTP 502' },
      { code: 'unexpected_response', message: 'unexpected response' },
    ];
    for (const error of answers) {
      vi.mocked(createInvitation).mockResolvedValueOnce({ ok: false, error });
    }
    render(<InviteDialog opened onClose={vi.fn()} policyId={null} />);
    const dialog = screen.getByRole('dialog', { name: 'मेरी सभी पॉलिसियाँ साझा करें' });
    await user.type(within(dialog).getByLabelText(/ईमेल पता/), 'ravi@example.com');
    const send = within(dialog).getByRole('button', { name: 'निमंत्रण भेजें' });
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'यह नहीं हो सका (internal error)',
    );
    await user.click(send);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('निमंत्रण नहीं भेजा गया (HTTP 502)'),
    );
    await user.click(send);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'सर्वर से ऐसा जवाब आया जिसे ऐप समझ नहीं सका।',
      ),
    );
  });

  it('keeps an unknown refusal’s words as the server wrote them in English', async () => {
    const user = userEvent.setup();
    vi.mocked(createInvitation).mockResolvedValue({
      ok: false,
      error: { code: 'not_sent', message: 'HTTP 502' },
    });
    const dialog = open();
    await user.type(within(dialog).getByLabelText(/Email address/), 'ravi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The invitation was not sent (HTTP 502)',
    );
  });
});
