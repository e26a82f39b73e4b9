import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { policyView } from '../test-utils';
import { sharePolicy } from './share-policy';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const policy = policyView({
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  next_renewal_date: '2026-11-24',
  premium_amount: 18500,
});

function stubNavigator(share: ((data: ShareData) => Promise<void>) | undefined) {
  const writeText = vi.fn(async (_text: string) => undefined);
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
  return writeText;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockReset();
});

describe('sharePolicy', () => {
  it('opens the share sheet with the summary where there is one', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    const writeText = stubNavigator(share);
    await sharePolicy(policy);
    expect(share).toHaveBeenCalledWith({
      title: 'Star Health — Health',
      text: expect.stringContaining(
        'Policy number: SH-1\nRenews on: 24 Nov 2026\nPremium: ₹18,500',
      ),
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('says nothing when the user closes the sheet', async () => {
    const writeText = stubNavigator(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    await sharePolicy(policy);
    expect(writeText).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('copies the summary and says so where there is no share sheet, or it refuses', async () => {
    for (const share of [
      undefined,
      async () => {
        throw new DOMException('no gesture', 'NotAllowedError');
      },
    ]) {
      const writeText = stubNavigator(share);
      await sharePolicy(policy);
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Star Health — Health\n'));
      expect(toast).toHaveBeenLastCalledWith({
        title: 'Policy summary copied',
        description: 'Paste it into a message or a note.',
      });
    }
  });
});
