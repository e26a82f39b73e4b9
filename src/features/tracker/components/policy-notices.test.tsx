import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { render, screen, userEvent } from '../../../../tests/helpers/render';
import type { DeletedPolicy, PolicyNotice } from '@/sync';
import { MemberNotes } from './member-notes';
import { PolicyNotices } from './policy-notices';
import { RecentlyDeleted } from './recently-deleted';

const changed: PolicyNotice = {
  policy_id: 'p1',
  label: 'Star Health (SH-1)',
  kind: 'changed',
  changes: [{ field: 'premium_amount', mine: 70000, theirs: 66000 }],
};
const deleted: PolicyNotice = { policy_id: 'p2', label: 'HDFC Life', kind: 'deleted', changes: [] };

function show(notices: PolicyNotice[]) {
  const handlers = { onKeepMine: vi.fn(), onRestore: vi.fn(), onDismiss: vi.fn() };
  render(<PolicyNotices notices={notices} {...handlers} />);
  return handlers;
}

describe('PolicyNotices', () => {
  it('says what another device changed and puts this device’s value back on request', async () => {
    const { onKeepMine, onDismiss } = show([changed]);
    expect(
      screen.getByText('Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000'),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Keep my values for Star Health (SH-1)' }),
    );
    expect(onKeepMine).toHaveBeenCalledWith('p1');
    await userEvent.click(screen.getByRole('button', { name: /Dismiss the notice/ }));
    expect(onDismiss).toHaveBeenCalledWith('p1');
  });

  it('offers to restore a policy an edit could not reach', async () => {
    const { onRestore } = show([deleted]);
    expect(
      screen.getByText('HDFC Life was deleted on another device. Your change was not saved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Keep my values/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore HDFC Life' }));
    expect(onRestore).toHaveBeenCalledWith('p2');
  });

  it('shows nothing when there is nothing to tell', () => {
    show([]);
    expect(screen.queryByTestId('policy-notices')).toBeNull();
  });
});

describe('the notices in Hindi', () => {
  afterEach(() => {
    activateLoaded('en', allMessages.en);
  });

  it('says what another device changed, or deleted, in Hindi', () => {
    activateLoaded('hi', allMessages.hi);
    show([changed, deleted]);
    expect(
      screen.getByText(
        'Star Health (SH-1) — किसी दूसरे डिवाइस पर बदली गई: प्रीमियम ₹70,000 → ₹66,000',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('HDFC Life किसी दूसरे डिवाइस पर हटा दी गई थी। आपका बदलाव सहेजा नहीं गया।'),
    ).toBeInTheDocument();
  });

  it('says which relationship a covered member kept, in Hindi', () => {
    activateLoaded('hi', allMessages.hi);
    render(
      <MemberNotes
        notes={[{ person_id: 'r', name: 'Ravi', elsewhere: 'Spouse', here: 'Mother' }]}
        onDismiss={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'Ravi को किसी दूसरे डिवाइस पर Spouse और इस डिवाइस पर Mother के रूप में जोड़ा गया था; अब Ravi Mother हैं। इसे बदलने के लिए Ravi को कवर करने वाली कोई पॉलिसी बदलें।',
      ),
    ).toBeInTheDocument();
  });
});

describe('RecentlyDeleted', () => {
  it('lists deleted policies with their date and restores the one chosen', async () => {
    const onRestore = vi.fn();
    const policies: DeletedPolicy[] = [
      { id: 'p3', label: 'Star Health (SH-1)', deleted_at: '2026-11-20T10:00:00Z' },
    ];
    render(<RecentlyDeleted policies={policies} onRestore={onRestore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recently deleted (1)' }));
    expect(await screen.findByText('Deleted 20 Nov 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore Star Health (SH-1)' }));
    expect(onRestore).toHaveBeenCalledWith('p3');
  });
});
