import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteTrackerDb, openTrackerDb, type TrackerDb } from '@/db/tracker-db';
import {
  autoMapping,
  csvTable,
  planImport,
  rowsFromJson,
  rowsFromTable,
  transferFile,
  type DuplicateChoice,
  type ImportRow,
} from '@/domain/transfer';
import {
  createTrackerRepo,
  readAllPayments,
  readPeople,
  readPolicies,
  readPolicyTypes,
} from '@/sync';
import { readCsv, writeCsv } from './csv';
import { checkRows, saveImport, type ImportResult } from './run-import';
import { said } from '../../../tests/helpers/catalogs';
import { storeHealthType } from '../../../tests/helpers/tracker-fixtures';

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const users: string[] = [];

async function account() {
  const userId = crypto.randomUUID();
  users.push(userId);
  const db = openTrackerDb(userId);
  await storeHealthType(db, HEALTH);
  return {
    db,
    repo: createTrackerRepo(db, userId, { requestPersistentStorage: async () => true }),
  };
}

afterEach(async () => {
  for (const userId of users.splice(0)) await deleteTrackerDb(userId);
});

async function seed(repo: Awaited<ReturnType<typeof account>>['repo']) {
  const pet = await repo.createPolicyType({ name: 'Pet', icon: 'PawPrint' });
  const health = await repo.savePolicy({
    policy_type_id: HEALTH,
    insurer_name: 'Star Health',
    policy_number: 'SH-1',
    product_name: 'Family Optima',
    start_date: '2024-02-29',
    next_renewal_date: '2026-02-28',
    renewal_frequency: 'yearly',
    sum_insured: 500000,
    premium_amount: 18500.5,
    additional_details: 'Line one\nLine "two", with a comma; and = sign',
    nominee_name: 'Asha',
    claim_helpline: '+91 1800-425-2255',
    tpa_name: 'Medi Assist',
    tpa_helpline: '1800 425 9449',
    agent_name: '-Ravi-',
    agent_phone: '98765 43210',
    members: [
      { name: 'Asha', relationship: 'Self' },
      { name: 'Ravi (Jr)', relationship: 'Son' },
      { name: 'मीरा', relationship: 'Mother' },
    ],
  });
  const petPolicy = await repo.savePolicy({
    policy_type_id: pet,
    insurer_name: 'Bajaj Allianz',
    policy_number: 'PET 7',
    product_name: null,
    start_date: '2025-01-31',
    next_renewal_date: '2025-02-28',
    renewal_frequency: 'monthly',
    sum_insured: null,
    premium_amount: null,
    additional_details: null,
    members: [{ name: 'Asha', relationship: 'Self' }],
  });
  // Paid for two years, one renewal recorded with Mark Renewed; two equal monthly payments.
  await repo.addPayment({ policy_id: health, amount: 17250, paid_on: '2024-02-27' });
  await repo.renewPolicy(health, {
    amount: 18500.5,
    paid_on: '2025-02-26',
    mode: 'upi',
    reference: 'UTR 4471',
  });
  for (let i = 0; i < 2; i++) {
    await repo.addPayment({
      policy_id: petPolicy,
      amount: 300,
      paid_on: '2025-01-31',
      mode: 'cash',
    });
  }
}

/** What a user sees of their policies (no ids or timestamps), as the export writes it. */
async function exported(db: TrackerDb) {
  return (await exportFile(db, new Date(0))).policies;
}

async function exportFile(db: TrackerDb, at = new Date()) {
  return transferFile(await readPolicies(db), await readAllPayments(db), at);
}

async function importRows(db: TrackerDb, rows: ImportRow[], choice: DuplicateChoice = 'skip') {
  const repo = createTrackerRepo(db, db.userId);
  const [types, people, saved] = await Promise.all([
    readPolicyTypes(db),
    readPeople(db),
    readPolicies(db),
  ]);
  const checked = await checkRows(rows, { types, people });
  const valid = checked.rows.flatMap((r) => (r.ok ? [r] : []));
  const plan = planImport(valid, saved, choice);
  const result = await saveImport(repo, plan, checked.newTypes);
  return { checked, plan, result };
}

describe('export → import round trip', () => {
  it('CSV: a fresh account ends up with the same policies, members, types and contacts', async () => {
    const from = await account();
    await seed(from.repo);
    const before = await exported(from.db);

    const text = await writeCsv(csvTable(before));
    expect(text.startsWith('\ufeffInsurer,Policy number,Type,')).toBe(true);
    // Formula-like cells are escaped for spreadsheets.
    expect(text).toContain("'+91 1800-425-2255");
    // Payments as a spreadsheet reads them, still one row per policy.
    expect(text).toContain(
      ',35750.5,2025-02-26,2024-02-27 17250; 2025-02-26 18500.5 UPI ref UTR 4471',
    );
    expect(text).toContain(',600,2025-01-31,2025-01-31 300 Cash; 2025-01-31 300 Cash\r\n');

    const to = await account();
    const { table, errors } = await readCsv(text);
    expect(errors).toEqual([]);
    const rows = rowsFromTable(table, autoMapping(table[0] ?? []));
    const { result } = await importRows(to.db, rows);
    expect(result).toEqual({ saved: 2, failed: [] });
    // Types come back by name: Health is the global one; Pet is created as the user's own.
    // The CSV's payment cells are a summary for spreadsheets; the JSON export carries payments.
    expect(await exported(to.db)).toEqual(
      before.map((p) => ({
        ...p,
        type_icon: p.type === 'Pet' ? null : p.type_icon,
        payments: [],
      })),
    );
    // Everything waits in the outbox, to sync like any edit.
    expect(await to.db.outbox.where('table').equals('policies').count()).toBe(2);
  });

  it('JSON: identical, type icons and payments included', async () => {
    const from = await account();
    await seed(from.repo);
    const before = await exported(from.db);
    expect(before.map((p) => p.payments.length)).toEqual([2, 2]);
    const text = JSON.stringify(await exportFile(from.db));

    const to = await account();
    const json = rowsFromJson(text);
    if (!json.ok) throw new Error(json.error);
    const { result } = await importRows(to.db, json.rows);
    expect(result).toEqual({ saved: 2, failed: [] });
    expect(await exported(to.db)).toEqual(before);
    // Payments wait in the outbox too, after their policies (sent in queue order).
    const queued = await to.db.outbox.orderBy('seq').toArray();
    expect(queued.filter((op) => op.table === 'payments')).toHaveLength(4);
    expect(queued.findIndex((op) => op.table === 'payments')).toBeGreaterThan(
      queued.findIndex((op) => op.table === 'policies'),
    );
  });

  it('importing into the same account skips every policy, or updates them by choice', async () => {
    const { db, repo } = await account();
    await seed(repo);
    const file = await exportFile(db);
    const json = rowsFromJson(JSON.stringify(file));
    if (!json.ok) throw new Error(json.error);

    const skipped = await importRows(db, json.rows, 'skip');
    expect(skipped.result.saved).toBe(0);
    expect(skipped.plan.skipped).toHaveLength(2);

    const changed = rowsFromJson(
      JSON.stringify({
        ...file,
        policies: file.policies.map((p) => ({
          ...p,
          premium_amount: 1,
          policy_number: p.policy_number.toLowerCase(),
          // The saved payments again (one edited since the export), and one new.
          payments: [
            ...p.payments.map((payment) => ({ ...payment, reference: 'edited' })),
            { paid_on: '2026-01-05', amount: 1, mode: null, reference: null },
          ],
        })),
      }),
    );
    if (!changed.ok) throw new Error(changed.error);
    const updated = await importRows(db, changed.rows, 'update');
    expect(updated.result.saved).toBe(2);
    const after = await readPolicies(db);
    expect(after).toHaveLength(2);
    expect(after.map((p) => [p.policy_number, p.premium_amount])).toEqual([
      ['pet 7', 1],
      ['sh-1', 1],
    ]);
    // Only the new payment was added to each policy; those it had stay as they were.
    const payments = (await exported(db)).map((p) =>
      p.payments.map((x) => `${x.paid_on} ${x.amount} ${x.reference ?? ''}`),
    );
    expect(payments).toEqual([
      ['2025-01-31 300 ', '2025-01-31 300 ', '2026-01-05 1 '],
      ['2024-02-27 17250 ', '2025-02-26 18500.5 UTR 4471', '2026-01-05 1 '],
    ]);
  });

  it('saves in chunks; a policy refused at save time is named and the rest are saved', async () => {
    const { db, repo } = await account();
    const rows: ImportRow[] = Array.from({ length: 120 }, (_, i) => ({
      label: `Line ${i + 2}`,
      values: {
        type: 'Health',
        insurer_name: 'Star Health',
        policy_number: `SH-${i}`,
        start_date: '2025-01-01',
        next_renewal_date: '2026-01-01',
        members: i === 70 ? 'Ravi (Spouse)' : 'Asha (Self)',
      },
    }));
    const checked = await checkRows(rows, { types: await readPolicyTypes(db), people: [] });
    const plan = planImport(
      checked.rows.flatMap((r) => (r.ok ? [r] : [])),
      [],
      'skip',
    );
    // Meanwhile, on another screen, Ravi is saved as Husband.
    await repo.savePolicy({
      policy_type_id: HEALTH,
      insurer_name: 'Other',
      policy_number: 'O-1',
      start_date: '2025-01-01',
      next_renewal_date: '2026-01-01',
      members: [{ name: 'Ravi', relationship: 'Husband' }],
    });
    const progress: number[] = [];
    const result = await saveImport(repo, plan, checked.newTypes, (done) => progress.push(done));
    expect(result.saved).toBe(119);
    expect(result.failed.map((f) => f.label)).toEqual(['Line 72']);
    // The import's summary says it in the screen's language (sayStored), Hindi included.
    const [{ message }] = result.failed as [ImportResult['failed'][number]];
    expect(typeof message === 'string' ? message : said(message)).toBe(
      'Ravi is saved as Husband. Change Ravi to Spouse on every policy, or keep Husband.',
    );
    expect(typeof message === 'string' ? message : said(message, 'hi')).toBe(
      'Ravi का रिश्ता Husband सहेजा गया है। हर पॉलिसी में इसे Spouse करें, या Husband ही रहने दें।',
    );
    expect(await db.policies.count()).toBe(120);
    expect(progress.at(-1)).toBe(120);
  });
});
