import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import {
  renderWithRouter,
  screen,
  userEvent,
  waitFor,
  within,
} from '../../../tests/helpers/render';
import { META_LAST_PULLED_AT, type TrackerDb } from '@/db/tracker-db';
import { readPolicies } from '@/sync';
import { TrackerProvider } from '@/features/tracker';
import { testTrackerSessions } from '../../../tests/helpers/tracker-sessions';
import { TransferPage } from './transfer-page';
import { storeHealthType } from '../../../tests/helpers/tracker-fixtures';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../tests/helpers/catalogs';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

// Real IndexedDB (fake-indexeddb) on shared, sometimes slow machines.
configure({ asyncUtilTimeout: 5000 });

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const databases: TrackerDb[] = [];

afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

/**
 * The transfer page on a device that has downloaded the user's data, or (`pulled: false`) one
 * just signed in on, whose first sync brings the global Health type.
 */
async function setup(heading = 'Export your policies', { pulled = true } = {}) {
  const userId = crypto.randomUUID();
  const { sessions, flush } = testTrackerSessions({ onOpen: (db) => databases.push(db) });
  const session = sessions.acquire(userId);
  const at = new Date().toISOString();
  const firstSync = async () => {
    await storeHealthType(session.db, HEALTH, { at, serverSeq: 1 });
    await session.db.meta.put({ key: META_LAST_PULLED_AT, value: at });
  };
  if (pulled) await firstSync();
  else flush.mockImplementation(firstSync);
  const user = userEvent.setup();
  const view = renderWithRouter(
    <TrackerProvider userId={userId} sessions={sessions}>
      <TransferPage />
    </TrackerProvider>,
    '/policy-tracker/transfer',
  );
  await screen.findByRole('heading', { name: heading });
  const choose = async (name: string, text: string) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([text], name));
  };
  return { ...view, session, user, choose, flush };
}

/** A BimaGuide JSON export of these policies, each starting 1 Jan 2025 and renewing a year on. */
function bimaguideExport(policies: Record<string, unknown>[]): string {
  return JSON.stringify({
    format: 'bimaguide-policies',
    version: 1,
    policies: policies.map((policy) => ({
      start_date: '2025-01-01',
      next_renewal_date: '2026-01-01',
      ...policy,
    })),
  });
}

const CSV = [
  'Company,Policy No.,Kind,Started,Renews on,Premium,Covered',
  'Star Health,SH-1,Health,2025-11-24,2026-11-24,"18,500",Asha (Self); Ravi (Spouse)',
  'Niva Bupa,NB-2,Health,24/03/2025,2026-03-24,9000,',
  'HDFC Ergo,,Health,2025-01-01,2024-01-01,abc,',
  'STAR  HEALTH,sh-1,Health,2025-11-24,2026-11-24,1,',
].join('\r\n');

describe('import', { timeout: 30_000 }, () => {
  it('matches columns, previews, lists errors by line and duplicates, and saves only on confirm', async () => {
    const { user, choose, session } = await setup();
    await choose('policies.csv', CSV);

    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toHaveFocus();
    expect(screen.getByText(/4 rows in policies\.csv/)).toBeInTheDocument();
    // Matched by name: Company, Policy No., Premium. Kind, Started, Renews on and Covered are not known names.
    expect(screen.getByRole('combobox', { name: 'Insurer (required)' })).toHaveDisplayValue(
      'Company',
    );
    expect(screen.getByRole('combobox', { name: 'Premium' })).toHaveDisplayValue('Premium');
    expect(screen.getByRole('combobox', { name: 'Type (required)' })).toHaveDisplayValue(
      'Not in the file',
    );
    expect(
      screen.getByText(/Choose a column for: Type, Start date, Next renewal date\./),
    ).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Check 4 rows' });
    expect(check).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type (required)' }), 'Kind');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Start date (required)' }),
      'Started',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Next renewal date (required)' }),
      'Renews on',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Members' }), 'Covered');
    expect(screen.queryByText(/Choose a column for/)).not.toBeInTheDocument();

    const preview = screen.getByRole('table', { name: /The first 4 rows as they will be read/ });
    const first = within(preview).getAllByRole('row')[1];
    expect(first).toHaveTextContent('Star Health');
    expect(first).toHaveTextContent('Asha (Self); Ravi (Spouse)');

    await user.click(check);
    expect(await screen.findByRole('heading', { name: 'Check and confirm' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /2 policies ready to import\. 1 line has errors and will not be imported\. 1 duplicate is skipped\./,
      ),
    ).toBeInTheDocument();
    const errors = screen.getByRole('list', { name: 'Lines with errors' });
    expect(errors).toHaveTextContent(
      'Line 4: Policy number is required; Premium amount must be a number',
    );
    expect(screen.getByRole('list', { name: 'Duplicates' })).toHaveTextContent(
      'Line 5: STAR HEALTH sh-1 — same as Line 2',
    );
    // Nothing saved while the user decides.
    expect(await session.db.policies.count()).toBe(0);

    await user.click(screen.getByRole('radio', { name: /Update: write the file’s values/ }));
    expect(screen.getByText(/2 policies ready to import\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 policies' }));

    expect(await screen.findByText('2 policies imported.')).toBeInTheDocument();
    const saved = await readPolicies(session.db);
    expect(
      saved.map((p) => [
        p.insurer_name,
        p.policy_number,
        p.start_date,
        p.premium_amount,
        p.members.length,
      ]),
    ).toEqual([
      ['Niva Bupa', 'NB-2', '2025-03-24', 9000, 0],
      // Update chose the last of the repeated lines.
      ['STAR  HEALTH', 'sh-1', '2025-11-24', 1, 0],
    ]);
    expect(screen.getByRole('link', { name: 'Go to your policies' })).toHaveAttribute(
      'href',
      '/policy-tracker',
    );
  });

  it('goes back from the review to the mapping, keeping the chosen columns', async () => {
    const { user, choose } = await setup();
    await choose(
      'a.csv',
      'Insurer,Policy number,Type,Start date,Next renewal date\nStar,S-1,Health,2025-01-01,2026-01-01\n',
    );
    await user.click(await screen.findByRole('button', { name: 'Check 1 row' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('combobox', { name: 'Type (required)' })).toHaveDisplayValue(
      'Type',
    );
  });

  it('says why a file cannot be imported', async () => {
    const { choose } = await setup();
    await choose('x.json', '{"policies": []}');
    expect(
      await screen.findByText('This JSON file is not a BimaGuide export.'),
    ).toBeInTheDocument();
    await choose('x.csv', 'Insurer,Policy number\n');
    expect(
      await screen.findByText('This CSV has no rows under its header line.'),
    ).toBeInTheDocument();
  });

  it('right after signing in on a new device, waits for the first download before naming new types', async () => {
    const { choose, flush } = await setup('Export your policies', { pulled: false });
    await choose(
      'bimaguide.json',
      bimaguideExport([
        { type: 'Health', insurer_name: 'Star', policy_number: 'S-1', members: [] },
        { type: 'Pet', insurer_name: 'Bajaj', policy_number: 'P-1', members: [] },
      ]),
    );
    // Health is the server's own type, not one of the user's to create.
    expect(
      await screen.findByText('New policy types will be added as your own: Pet.'),
    ).toBeInTheDocument();
    expect(flush).toHaveBeenCalled();
  });

  it('imports a BimaGuide JSON export straight to the review', async () => {
    const { user, choose, session } = await setup();
    await choose(
      'bimaguide.json',
      bimaguideExport([
        {
          type: 'Pet',
          type_icon: 'PawPrint',
          insurer_name: 'Bajaj',
          policy_number: 'P-1',
          members: [{ name: 'Asha', relationship: 'Self' }],
        },
      ]),
    );
    expect(
      await screen.findByText('New policy types will be added as your own: Pet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 1 policy' }));
    expect(await screen.findByText('1 policy imported.')).toBeInTheDocument();
    const [policy] = await readPolicies(session.db);
    expect(policy?.type).toMatchObject({ name: 'Pet', icon: 'PawPrint' });
    expect(policy?.members.map((m) => m.name)).toEqual(['Asha']);
    // The export button now has something to export.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download JSON' })).toBeEnabled(),
    );
  });
});

describe('in Hindi', { timeout: 30_000 }, () => {
  afterEach(() => activateLoaded('en', allMessages.en));

  it('matches the columns and reviews the rows in Hindi, the counts in Indian digits', async () => {
    activateLoaded('hi', allMessages.hi);
    const { choose, user } = await setup('अपनी पॉलिसियाँ एक्सपोर्ट करें');
    await choose('policies.csv', CSV);
    expect(await screen.findByRole('heading', { name: 'कॉलम मिलाएँ' })).toBeVisible();
    expect(screen.getByText(/^policies\.csv में 4 पंक्तियाँ।/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'बीमा कंपनी (ज़रूरी)' })).toBeVisible();
    expect(
      screen.getByText('इनके लिए कॉलम चुनें: प्रकार, शुरू होने की तारीख़, अगले रिन्यूअल की तारीख़।'),
    ).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'प्रकार (ज़रूरी)' }), 'Kind');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'शुरू होने की तारीख़ (ज़रूरी)' }),
      'Started',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'अगले रिन्यूअल की तारीख़ (ज़रूरी)' }),
      'Renews on',
    );
    await user.click(screen.getByRole('button', { name: '4 पंक्तियाँ जाँचें' }));
    expect(await screen.findByRole('heading', { name: 'जाँचें और पक्का करें' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'वापस' })).toBeVisible();
  });
});
