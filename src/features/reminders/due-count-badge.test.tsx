import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { openTrackerDb } from '@/db/tracker-db';
import { addDays, localToday } from '@/domain/policy';
import { render, screen } from '../../../tests/helpers/render';
import { DueCountBadge } from './due-count-badge';

configure({ asyncUtilTimeout: 5000 });

/** The user's stored policies: one lapsed, one due in three days, one far off, one deleted. */
async function seed(userId: string) {
  const db = openTrackerDb(userId);
  const today = localToday();
  const policy = (id: string, insurer: string, days: number, deleted = false) => ({
    id,
    user_id: userId,
    policy_type_id: null,
    insurer_name: insurer,
    policy_number: `${insurer}-1`,
    start_date: addDays(today, days - 365),
    next_renewal_date: addDays(today, days),
    renewal_frequency: 'yearly' as const,
    product_name: null,
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: deleted ? '2026-01-02T00:00:00Z' : null,
    server_seq: 1,
  });
  await db.policies.bulkPut([
    policy('a', 'Star Health', 3),
    policy('b', 'Tata AIG', -2),
    policy('c', 'LIC', 200),
    policy('d', 'Bajaj', 1, true),
  ]);
}

describe('DueCountBadge', () => {
  it('counts the stored policies needing attention, in words as well as colour', async () => {
    await seed('due-badge-user');
    render(<DueCountBadge userId="due-badge-user" />);
    const badge = await screen.findByTestId('due-count-badge');
    expect(badge).toHaveTextContent('2 due');
    expect(badge).toHaveAccessibleName(/2/);
  });

  it('waits for the page to be idle before reading the store, then shows the count', async () => {
    await seed('due-badge-idle-user');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { unmount } = render(<DueCountBadge userId="due-badge-idle-user" />);
    try {
      // Longer than the store's read takes in the test above.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByTestId('due-count-badge')).not.toBeInTheDocument();
      expect(idle).toHaveLength(1);
      act(() => idle[0]?.());
      expect(await screen.findByTestId('due-count-badge')).toHaveTextContent('2 due');
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
