import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { render, screen, userEvent } from '../../../../tests/helpers/render';
import type { DeletedPolicy, PolicyNotice } from '@/sync';
import { HEALTH_TYPE, testTrackerSessions } from '../test-utils';
import { TrackerProvider } from '../tracker-context';
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

const retyped: PolicyNotice = {
  policy_id: 'p3',
  label: { id: 'tracker.notices.somePolicy' },
  kind: 'changed',
  changes: [
    { field: 'next_renewal_date', mine: '2026-12-01', theirs: '2027-03-15' },
    { field: 'policy_type_id', mine: null, theirs: HEALTH_TYPE.id },
  ],
};

/** The notices on a device (offline, its own store) that has the global Health type. */
async function show(notices: PolicyNotice[]) {
  const handlers = { onKeepMine: vi.fn(), onRestore: vi.fn(), onDismiss: vi.fn() };
  const userId = crypto.randomUUID();
  const { sessions } = testTrackerSessions({ status: { online: false } });
  const { db } = sessions.acquire(userId);
  const at = new Date().toISOString();
  await db.policyTypes.put({
    ...HEALTH_TYPE,
    user_id: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    server_seq: 1,
  });
  render(
    <TrackerProvider userId={userId} sessions={sessions}>
      <PolicyNotices notices={notices} {...handlers} />
    </TrackerProvider>,
  );
  return handlers;
}

describe('PolicyNotices', () => {
  it('says what another device changed and puts this device’s value back on request', async () => {
    const { onKeepMine, onDismiss } = await show([changed]);
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
    const { onRestore } = await show([deleted]);
    expect(
      screen.getByText('HDFC Life was deleted on another device. Your change was not saved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Keep my values/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore HDFC Life' }));
    expect(onRestore).toHaveBeenCalledWith('p2');
  });

  it('writes dates as the tracker does, the type by its name and a nameless policy as such', async () => {
    await show([retyped]);
    expect(
      await screen.findByText(
        'A policy — changed on another device: next renewal date 01 Dec 2026 → 15 Mar 2027; policy type (empty) → Health',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep my values for A policy' })).toBeInTheDocument();
  });

  it('shows nothing when there is nothing to tell', async () => {
    await show([]);
    expect(screen.queryByTestId('policy-notices')).toBeNull();
  });
});

describe('the notices in Hindi', () => {
  afterEach(() => {
    activateLoaded('en', allMessages.en);
  });

  it('says what another device changed, or deleted, in Hindi', async () => {
    activateLoaded('hi', allMessages.hi);
    await show([changed, deleted]);
    expect(
      screen.getByText(
        'Star Health (SH-1) — किसी दूसरे डिवाइस पर बदली गई: प्रीमियम ₹70,000 → ₹66,000',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('HDFC Life किसी दूसरे डिवाइस पर हटा दी गई थी। आपका बदलाव सहेजा नहीं गया।'),
    ).toBeInTheDocument();
  });

  it('writes dates and the type in Hindi', async () => {
    activateLoaded('hi', allMessages.hi);
    await show([retyped]);
    expect(
      await screen.findByText(
        'एक पॉलिसी — किसी दूसरे डिवाइस पर बदली गई: अगले रिन्यूअल की तारीख़ 1 दिस॰ 2026 → 15 मार्च 2027; पॉलिसी का प्रकार (खाली) → हेल्थ',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'एक पॉलिसी के लिए मेरे वाले रखें' })).toBeInTheDocument();
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
