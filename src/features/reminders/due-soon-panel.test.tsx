import { afterEach, describe, expect, it } from 'vitest';
import { configure } from '@testing-library/react';
import { storageKeys } from '@/config/site';
import { addDays, localToday } from '@/domain/policy';
import type { PolicyView } from '@/sync';
import { screen, userEvent, within } from '../../../tests/helpers/render';
import { policyView, renderWithRouter } from '../tracker/test-utils';
import { DueSoonPanel } from './due-soon-panel';

configure({ asyncUtilTimeout: 5000 });

const today = localToday();

/** Three of the user's policies as the dashboard read them: two need attention. */
function ownPolicies(): PolicyView[] {
  const policy = (insurer: string, days: number) =>
    policyView({
      type: null,
      insurer_name: insurer,
      policy_number: `${insurer}-1`,
      start_date: addDays(today, days - 365),
      next_renewal_date: addDays(today, days),
    });
  return [policy('Star Health', 3), policy('Tata AIG', -2), policy('LIC', 200)];
}

afterEach(() => window.localStorage.clear());

describe('DueSoonPanel', () => {
  it('closed, still says how many need attention; the choice is remembered', async () => {
    const policies = ownPolicies();
    const user = userEvent.setup();
    // The test screen is narrower than 48em: closed until the user opens it.
    const first = renderWithRouter(<DueSoonPanel policies={policies} today={today} />);
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
    renderWithRouter(<DueSoonPanel policies={policies} today={today} />);
    const again = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(again).getByRole('button', { name: /renewals/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(again).getByRole('link', { name: /Tata AIG/ })).toBeVisible();
  });

  it('ignores a stored value it does not know', async () => {
    window.localStorage.setItem(storageKeys.duePanel, 'sideways');
    renderWithRouter(<DueSoonPanel policies={ownPolicies()} today={today} />);
    const panel = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(panel).getByRole('button', { name: /renewals/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('counts shared policies only with their reminders on, and shows nothing when none is due', async () => {
    const shared = (insurer: string, reminders: boolean) =>
      policyView({
        user_id: 'someone-else',
        insurer_name: insurer,
        next_renewal_date: addDays(today, 5),
        shared: {
          owner_id: 'someone-else',
          owner_label: 'Priya',
          role: 'viewer',
          share_ids: ['s1'],
          reminders_enabled: reminders,
        },
      });
    const first = renderWithRouter(
      <DueSoonPanel
        policies={[...ownPolicies(), shared('Bajaj', true), shared('HDFC Ergo', false)]}
        today={today}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Renewals needing attention' });
    expect(within(panel).getByText('3 policies need attention')).toBeInTheDocument();
    first.unmount();

    renderWithRouter(
      <>
        <p>The rest of the dashboard</p>
        <DueSoonPanel policies={[...ownPolicies().slice(2), shared('HDFC', false)]} today={today} />
      </>,
    );
    await screen.findByText('The rest of the dashboard');
    expect(screen.queryByRole('region', { name: 'Renewals needing attention' })).toBeNull();
  });
});
