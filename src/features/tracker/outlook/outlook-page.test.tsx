import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { screen, userEvent, within } from '../../../../tests/helpers/render';
import { META_LAST_PULLED_AT, type TrackerDb } from '@/db/tracker-db';
import { addDays, localToday } from '@/domain/policy';
import { formatPolicyDate, formatPolicyMonth } from '@/domain/tracker';
import { HEALTH_TYPE, renderWithRouter, testTrackerSessions, VEHICLE_TYPE } from '../test-utils';
import { TrackerProvider } from '../tracker-context';
import { OutlookPage } from './outlook-page';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

configure({ asyncUtilTimeout: 5000 });

async function seedTypes(db: TrackerDb) {
  const at = new Date().toISOString();
  for (const type of [HEALTH_TYPE, VEHICLE_TYPE]) {
    await db.policyTypes.put({
      ...type,
      user_id: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      server_seq: 1,
    });
  }
  await db.meta.put({ key: META_LAST_PULLED_AT, value: at });
}

type Session = ReturnType<ReturnType<typeof testTrackerSessions>['sessions']['acquire']>;

/**
 * A real per-user Dexie store and repo, offline (the outlook reads only the device), with
 * `seed` saved before the page shows.
 */
async function setup(seed: (session: Session) => Promise<void> = async () => {}) {
  const userId = crypto.randomUUID();
  const { sessions } = testTrackerSessions({ status: { online: false } });
  const session = sessions.acquire(userId);
  await seedTypes(session.db);
  await seed(session);
  const user = userEvent.setup();
  renderWithRouter(
    <TrackerProvider userId={userId} sessions={sessions}>
      <OutlookPage />
    </TrackerProvider>,
    '/policy-tracker/outlook',
  );
  return { session, user };
}

function figure(testId: string) {
  return within(screen.getByTestId(testId));
}

describe('OutlookPage', { timeout: 20_000 }, () => {
  it('shows what is due in 30, 90 and 365 days, by month as a table, by type and member, and what was paid', async () => {
    const today = localToday();
    const year = Number(today.slice(0, 4));
    const { user } = await setup(async (session) => {
      const starHealth = await session.repo.savePolicy({
        policy_type_id: HEALTH_TYPE.id,
        insurer_name: 'Star Health',
        policy_number: 'SH-1',
        start_date: addDays(today, -360),
        next_renewal_date: addDays(today, 5),
        renewal_frequency: 'monthly',
        premium_amount: 1000,
        members: [
          { name: 'Asha', relationship: 'Self' },
          { name: 'Ravi', relationship: 'Spouse' },
        ],
      });
      await session.repo.savePolicy({
        policy_type_id: VEHICLE_TYPE.id,
        insurer_name: 'Tata AIG',
        policy_number: 'TA-1',
        start_date: addDays(today, -325),
        next_renewal_date: addDays(today, 40),
        renewal_frequency: 'yearly',
        premium_amount: 18500,
        members: [],
      });
      await session.repo.savePolicy({
        policy_type_id: HEALTH_TYPE.id,
        insurer_name: 'Old Insurer',
        policy_number: 'OI-1',
        start_date: addDays(today, -400),
        next_renewal_date: addDays(today, -3),
        premium_amount: 5000,
        members: [],
      });
      await session.repo.addPayment({
        policy_id: starHealth,
        amount: 1000,
        paid_on: `${year - 1}-06-15`,
      });
      await session.repo.addPayment({ policy_id: starHealth, amount: 999.5, paid_on: today });
      // A deleted policy's payments are not counted any more.
      const gone = await session.repo.savePolicy({
        policy_type_id: HEALTH_TYPE.id,
        insurer_name: 'Gone',
        policy_number: 'G-1',
        start_date: addDays(today, -10),
        next_renewal_date: addDays(today, 10),
        premium_amount: 70000,
        members: [],
      });
      await session.repo.addPayment({ policy_id: gone, amount: 70000, paid_on: today });
      await session.repo.deletePolicy(gone);
    });

    await screen.findByRole('heading', { level: 2, name: 'Premiums due' });
    // The monthly premium once in 30 days, three times in 90 and 12 times in 365; the yearly
    // one from day 40; the lapsed policy never.
    expect(figure('due-30').getByText('₹1,000')).toBeInTheDocument();
    expect(
      figure('due-30').getByText(`1 premium · to ${formatPolicyDate(addDays(today, 29))}`),
    ).toBeInTheDocument();
    expect(figure('due-90').getByText('₹21,500')).toBeInTheDocument();
    expect(figure('due-90').getByText(/^4 premiums/)).toBeInTheDocument();
    expect(figure('due-365').getByText('₹30,500')).toBeInTheDocument();
    expect(figure('due-365').getByText(/^13 premiums/)).toBeInTheDocument();

    const lapsed = screen.getByTestId('lapsed-note');
    expect(lapsed).toHaveTextContent(
      `Not counted: 1 policy lapsed (Old Insurer, due ${formatPolicyDate(addDays(today, -3))})`,
    );
    expect(within(lapsed).getByRole('link', { name: 'Show lapsed policies' })).toHaveAttribute(
      'href',
      '/policy-tracker?status=lapsed',
    );

    // The chart names its peak for screen readers; the table is a button away.
    const tataMonth = formatPolicyMonth(addDays(today, 40).slice(0, 7));
    expect(
      screen.getByRole('img', { name: /^Bar chart of the premiums due each month/ }),
    ).toHaveAccessibleName(expect.stringContaining(`The most is ₹19,500, in ${tataMonth}.`));
    expect(screen.queryByRole('table', { name: /^Premiums due by month/ })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = within(screen.getByRole('table', { name: /^Premiums due by month, / }));
    // A header row, 12 months and the total.
    expect(table.getAllByRole('row')).toHaveLength(14);
    const [, amount, due] = rowText(table, tataMonth);
    expect(amount).toBe('₹19,500');
    expect(due?.split(', ').sort()).toEqual(['Star Health', 'Tata AIG']);

    // Yearly premiums: monthly × 12; the two members share their policy equally.
    const byType = within(screen.getByRole('table', { name: 'Yearly premium by policy type' }));
    expect(rowText(byType, 'Vehicle')).toEqual(['Vehicle', '1', '₹18,500']);
    expect(rowText(byType, 'Health')).toEqual(['Health', '1', '₹12,000']);
    expect(rowText(byType, 'Total')).toEqual(['Total', '', '₹30,500']);
    const byMember = within(
      screen.getByRole('table', { name: 'Yearly premium by covered member' }),
    );
    expect(rowText(byMember, 'Asha (Self)')).toEqual(['Asha (Self)', '1', '₹6,000']);
    expect(rowText(byMember, 'Ravi (Spouse)')).toEqual(['Ravi (Spouse)', '1', '₹6,000']);
    expect(rowText(byMember, 'No member named')).toEqual(['No member named', '1', '₹18,500']);
    expect(screen.getByTestId('member-split-note')).toHaveTextContent(
      'A policy covering more than one member is split equally among them',
    );

    expect(figure('paid-last-year').getByText(`Paid in ${year - 1}`)).toBeInTheDocument();
    expect(figure('paid-last-year').getByText('₹1,000')).toBeInTheDocument();
    expect(figure('paid-this-year').getByText(`Paid in ${year} so far`)).toBeInTheDocument();
    expect(figure('paid-this-year').getByText('₹1,000')).toBeInTheDocument();
    expect(figure('paid-this-year').getByText('1 payment')).toBeInTheDocument();
  });

  it('follows the store: a premium entered later shows at once, and a policy without one is named', async () => {
    const { session } = await setup();
    const today = localToday();
    const id = await session.repo.savePolicy({
      policy_type_id: HEALTH_TYPE.id,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-1',
      start_date: today,
      next_renewal_date: addDays(today, 3),
      members: [],
    });
    expect(await screen.findByTestId('no-premium-note')).toHaveTextContent(
      '1 policy without a premium entered adds nothing to these figures.',
    );
    expect(figure('due-30').getByText('₹0')).toBeInTheDocument();
    await session.repo.savePolicy({
      id,
      policy_type_id: HEALTH_TYPE.id,
      insurer_name: 'Niva Bupa',
      policy_number: 'NB-1',
      start_date: today,
      next_renewal_date: addDays(today, 3),
      premium_amount: 24000,
      members: [],
    });
    expect(await figure('due-30').findByText('₹24,000')).toBeInTheDocument();
    expect(screen.queryByTestId('no-premium-note')).toBeNull();
  });

  it('says there is nothing yet, with the way to add a policy', async () => {
    await setup();
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Policy' })).toHaveAttribute(
      'href',
      '/policy-tracker/new',
    );
  });
});

function rowText(table: ReturnType<typeof within>, header: string): string[] {
  const row = table.getByRole('rowheader', { name: header }).closest('tr');
  return [...(row?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent ?? '');
}
