import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLoaded, i18n } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { render, screen, userEvent, within } from '../../../../tests/helpers/render';
import type { FailedChange, SyncStatus } from '@/sync';
import { describeFailedChange } from './sync-badge';
import { SyncIndicator } from './sync-indicator';

const base: SyncStatus = { online: true, pending: 0, failed: 0, syncing: false };
const refused: FailedChange = {
  op_id: 'op-9',
  table: 'policies',
  kind: 'renew',
  record_id: 'p1',
  policy_id: 'p1',
  message: 'permission denied',
  created_at: '2026-03-01T00:00:00Z',
};

function show(
  status: Partial<SyncStatus>,
  failedChanges: FailedChange[] = [],
  offlineAnnounced = false,
) {
  const onRetry = vi.fn();
  const onDiscard = vi.fn();
  render(
    <SyncIndicator
      status={{ ...base, ...status }}
      offlineAnnounced={offlineAnnounced}
      failedChanges={failedChanges}
      onRetry={onRetry}
      onDiscard={onDiscard}
    />,
  );
  return { onRetry, onDiscard };
}

describe('SyncIndicator', () => {
  it('says everything is synced', () => {
    show({});
    expect(screen.getByRole('status')).toHaveTextContent('All changes synced');
  });

  it('counts waiting changes, singular and plural', () => {
    show({ pending: 1 });
    expect(screen.getByRole('status')).toHaveTextContent('1 change waiting');
  });

  it('counts several waiting changes', () => {
    show({ pending: 4, syncing: true });
    expect(screen.getByRole('status')).toHaveTextContent('4 changes waiting');
  });

  it('says offline changes stay on the device, with the count', () => {
    show({ online: false, pending: 2 });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Offline — changes are saved on this device');
    expect(status).toHaveTextContent('2 changes waiting');
  });

  it('leaves saying offline to the page banner, still counting what waits', () => {
    show({ online: false, pending: 2 }, [], true);
    const status = screen.getByRole('status');
    expect(status).not.toHaveTextContent(/offline/i);
    expect(status).toHaveTextContent('2 changes waiting');
  });

  it('lists refused changes for retry or discard', async () => {
    const user = userEvent.setup();
    const { onRetry, onDiscard } = show({ failed: 1 }, [refused]);
    expect(screen.getByRole('status')).not.toHaveTextContent('All changes synced');
    await user.click(screen.getByRole('button', { name: /1 change could not be synced/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes the server refused' });
    expect(
      within(dialog).getByText('Renewing the policy was refused: permission denied'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Retry/ }));
    expect(onRetry).toHaveBeenCalledWith('op-9');
    await user.click(within(dialog).getByRole('button', { name: /^Discard/ }));
    expect(onDiscard).toHaveBeenCalledWith('op-9');
  });
});

describe('a refusal’s reason in both languages', () => {
  afterEach(() => activateLoaded('en', allMessages.en));

  const say = (change: Partial<FailedChange>) =>
    describeFailedChange((id, values) => i18n._(id, values), { ...refused, ...change });

  it('keeps the server’s own words in English', () => {
    activateLoaded('en', allMessages.en);
    expect(say({ code: '42501', message: 'You cannot renew this policy' })).toBe(
      'Renewing the policy was refused: You cannot renew this policy',
    );
    expect(say({ code: 'XX000', message: 'internal error' })).toBe(
      'Renewing the policy was refused: internal error',
    );
  });

  it('says a known code in Hindi, and an unknown one with the server’s text as a detail', () => {
    activateLoaded('hi', allMessages.hi);
    expect(say({ code: '42501', message: 'You cannot renew this policy' })).toBe(
      'पॉलिसी रिन्यू करना नहीं माना गया: आपको यह बदलाव करने की अनुमति नहीं है',
    );
    expect(say({ code: '23514', message: 'new row violates check constraint' })).toBe(
      'पॉलिसी रिन्यू करना नहीं माना गया: इसका कोई मान सर्वर ने सही नहीं माना',
    );
    expect(say({ code: 'XX000', message: 'internal error' })).toBe(
      'पॉलिसी रिन्यू करना नहीं माना गया: सर्वर ने यह बदलाव नहीं माना (internal error)',
    );
    // The device's own reasons are translated whole, a size with Indian grouping.
    expect(say({ message: { id: 'tracker.sync.reason.refused' } })).toBe(
      'पॉलिसी रिन्यू करना नहीं माना गया: सर्वर ने यह बदलाव नहीं माना',
    );
    expect(
      say({
        kind: 'upsert',
        code: 'PGRST413',
        message: { id: 'tracker.sync.reason.tooLarge', values: { kb: 1280 } },
      }),
    ).toBe(
      'पॉलिसी सहेजना नहीं माना गया: यह बदलाव सिंक होने के लिए बहुत बड़ा है (1,280 KB; सर्वर ज़्यादा से ज़्यादा 1 MB लेता है)। इसका टेक्स्ट छोटा करें, फिर दोबारा कोशिश करें।',
    );
  });

  it('says the device’s own reasons in English as they always read', () => {
    activateLoaded('en', allMessages.en);
    expect(
      say({
        kind: 'upsert',
        message: { id: 'tracker.sync.reason.tooLarge', values: { kb: 1280 } },
      }),
    ).toBe(
      'Saving the policy was refused: This change is too large to sync (1,280 KB; the server takes at most 1 MB). Shorten its text, then retry.',
    );
  });
});
