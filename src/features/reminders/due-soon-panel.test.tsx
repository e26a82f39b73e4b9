import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { configure } from '@testing-library/react';
import { openTrackerDb } from '@/db/tracker-db';
import { storageKeys } from '@/config/site';
import { addDays, localToday } from '@/domain/policy';
import { screen, userEvent, within } from '../../../tests/helpers/render';
import { renderWithRouter } from '../tracker/test-utils';
import { DueSoonPanel } from './due-soon-panel';

configure({ asyncUtilTimeout: 5000 });

async function seed(userId: string) {
  const db = openTrackerDb(userId);
  const today = localToday();
  const policy = (id: string, insurer: string, days: number) => ({
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
    deleted_at: null,
    server_seq: 1,
  });
  await db.policies.bulkPut([
    policy('a', 'Star Health', 3),
    policy('b', 'Tata AIG', -2),
    policy('c', 'LIC', 200),
  ]);
}

let users = 0;

afterEach(() => window.localStorage.clear());

describe('DueSoonPanel', () => {
  it('closed, still says how many need attention; the choice is remembered', async () => {
    users += 1;
    const userId = `due-panel-${users}`;
    await seed(userId);
    const user = userEvent.setup();
    // The test screen is narrower than 48em: closed until the user opens it.
    const first = renderWithRouter(<DueSoonPanel userId={userId} />);
    const panel = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(panel).getByText('2 policies need attention')).toBeInTheDocument();
    const toggle = within(panel).getByRole('button', { name: /renewals needing attention/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded, its rows are not rendered at all, not even hidden.
    expect(within(panel).queryAllByRole('link', { hidden: true })).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('link', { name: /Star Health/ })).toBeVisible();
    expect(window.localStorage.getItem(storageKeys.duePanel)).toBe('open');
    first.unmount();

    // Opened again later: as the user left it.
    renderWithRouter(<DueSoonPanel userId={userId} />);
    const again = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(again).getByRole('button', { name: /renewals/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(again).getByRole('link', { name: /Tata AIG/ })).toBeVisible();
  });

  it('ignores a stored value it does not know', async () => {
    users += 1;
    const userId = `due-panel-${users}`;
    await seed(userId);
    window.localStorage.setItem(storageKeys.duePanel, 'sideways');
    renderWithRouter(<DueSoonPanel userId={userId} />);
    const panel = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(panel).getByRole('button', { name: /renewals/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
