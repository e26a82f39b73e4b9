import { describe, expect, it } from 'vitest';
import {
  autoMapping,
  createRowChecker,
  csvTable,
  duplicateKey,
  importedPolicy,
  parseMembersCell,
  planImport,
  rowsFromJson,
  rowsFromTable,
  transferColumns,
  transferFile,
  unmappedRequired,
  unsavedPayments,
  type CurrentPolicy,
  type ImportContext,
  type ImportRow,
  type TransferSource,
  type TransferSourcePayment,
  type ValidRow,
} from '.';

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';
const MOTOR = '6f1a0c2e-0000-4000-8000-000000000001';

const context: ImportContext = {
  types: [
    { id: HEALTH, name: 'Health' },
    { id: MOTOR, name: 'Vehicle' },
  ],
  people: [{ id: 'p-ravi', name: 'Ravi', relationship: 'Spouse' }],
};

function row(values: ImportRow['values'], label = 'Line 2'): ImportRow {
  return {
    label,
    values: {
      type: 'Health',
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      ...values,
    },
  };
}

function checkOne(values: ImportRow['values']) {
  return createRowChecker(context).check(row(values));
}

function valid(values: ImportRow['values'], label: string): ValidRow {
  const checked = createRowChecker(context).check(row(values, label));
  if (!checked.ok) throw new Error(checked.errors.join('; '));
  return checked;
}

const source: TransferSource = {
  id: 'policy-1',
  type: { name: 'Health', icon: 'HeartPulse' },
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  product_name: 'Family Optima',
  start_date: '2025-11-24',
  next_renewal_date: '2026-11-24',
  renewal_frequency: 'yearly',
  sum_insured: 500000,
  premium_amount: 18500.5,
  additional_details: 'Line one\nLine two, with a comma',
  claim_helpline: '+91 1800-425-2255',
  members: [
    { name: 'Asha', relationship: 'Self' },
    { name: 'Ravi', relationship: 'Spouse' },
  ],
};

const payments: TransferSourcePayment[] = [
  {
    policy_id: 'policy-1',
    paid_on: '2025-11-20',
    amount: 18500.5,
    mode: 'upi',
    reference: 'UTR 7',
  },
  { policy_id: 'other', paid_on: '2025-01-01', amount: 5, mode: null, reference: null },
  { policy_id: 'policy-1', paid_on: '2024-11-22', amount: 17000.25, mode: null, reference: null },
];

describe('export', () => {
  it('writes one CSV row per policy: ISO dates, plain numbers, members in one column', () => {
    const file = transferFile([source], [], new Date('2026-01-02T03:04:05Z'));
    const [header, first] = csvTable(file.policies);
    const cell = (name: string) => first?.[header?.indexOf(name) ?? -1];
    expect(header).toEqual([
      ...transferColumns.map((c) => c.header),
      'Total paid',
      'Last paid on',
      'Payments',
    ]);
    expect(cell('Start date')).toBe('2025-11-24');
    expect(cell('Premium')).toBe('18500.5');
    expect(cell('Sum insured')).toBe('500000');
    expect(cell('Members')).toBe('Asha (Self); Ravi (Spouse)');
    expect(cell('Type')).toBe('Health');
    // A policy stored before the contact fields existed exports them empty.
    expect(cell('Nominee')).toBe('');
    // No payments: empty cells, not a zero a spreadsheet would count as paid.
    expect([cell('Total paid'), cell('Last paid on'), cell('Payments')]).toEqual(['', '', '']);
  });

  it('sums a policy’s payments into CSV cells a spreadsheet can add and sort, still one row', () => {
    const file = transferFile([source], payments, new Date('2026-01-02T03:04:05Z'));
    const table = csvTable(file.policies);
    expect(table).toHaveLength(2);
    const [header, first] = table;
    const cell = (name: string) => first?.[header?.indexOf(name) ?? -1];
    expect(cell('Total paid')).toBe('35500.75');
    expect(cell('Last paid on')).toBe('2025-11-20');
    expect(cell('Payments')).toBe('2024-11-22 17000.25; 2025-11-20 18500.5 UPI ref UTR 7');
  });

  it('writes versioned JSON with every field and no ids', () => {
    const file = transferFile(
      [{ ...source, type: null }],
      payments,
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(file).toMatchObject({
      format: 'bimaguide-policies',
      version: 1,
      exported_at: '2026-01-02T03:04:05.000Z',
    });
    expect(file.policies[0]).toEqual({
      type: null,
      type_icon: null,
      insurer_name: 'Star Health',
      policy_number: 'SH-1',
      product_name: 'Family Optima',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      renewal_frequency: 'yearly',
      sum_insured: 500000,
      premium_amount: 18500.5,
      additional_details: 'Line one\nLine two, with a comma',
      nominee_name: null,
      claim_helpline: '+91 1800-425-2255',
      tpa_name: null,
      tpa_helpline: null,
      agent_name: null,
      agent_phone: null,
      members: source.members,
      // Its own payments only, oldest first.
      payments: [
        { paid_on: '2024-11-22', amount: 17000.25, mode: null, reference: null },
        { paid_on: '2025-11-20', amount: 18500.5, mode: 'upi', reference: 'UTR 7' },
      ],
    });
  });
});

describe('column mapping', () => {
  it('matches headers by name, synonyms and field names, ignoring case and punctuation', () => {
    const mapping = autoMapping([
      'Insurance Company',
      'Policy No.',
      'policy_type',
      'Renewal Date',
      'Start date',
      'PREMIUM AMOUNT',
      'Something else',
    ]);
    expect(mapping).toEqual({
      insurer_name: 0,
      policy_number: 1,
      type: 2,
      next_renewal_date: 3,
      start_date: 4,
      premium_amount: 5,
    });
    expect(unmappedRequired(mapping)).toEqual([]);
    expect(unmappedRequired({ insurer_name: 0 }).map((c) => c.header)).toEqual([
      'Policy number',
      'Type',
      'Start date',
      'Next renewal date',
    ]);
  });

  it('reads the rows through the mapping with spreadsheet line numbers, skipping blank lines', () => {
    const rows = rowsFromTable(
      [
        ['Company', 'No', 'Phone'],
        ['Star', 'SH-1', "'+91 98765 43210"],
        [''],
        ['Niva', 'NB-2', '1800'],
      ],
      { insurer_name: 0, policy_number: 1, claim_helpline: 2 },
    );
    expect(rows).toEqual([
      {
        label: 'Line 2',
        values: { insurer_name: 'Star', policy_number: 'SH-1', claim_helpline: '+91 98765 43210' },
      },
      {
        label: 'Line 4',
        values: { insurer_name: 'Niva', policy_number: 'NB-2', claim_helpline: '1800' },
      },
    ]);
  });

  it('reads members as "Name (Relationship)" separated by semicolons', () => {
    expect(parseMembersCell(' Asha (Self);Ravi (Jr) (Son) ; ; Meera')).toEqual([
      { name: 'Asha', relationship: 'Self' },
      { name: 'Ravi (Jr)', relationship: 'Son' },
      { name: 'Meera', relationship: '' },
    ]);
  });
});

describe('checking rows', () => {
  it('accepts a good row: the type by name in any case, dates a spreadsheet rewrote, grouped amounts', () => {
    const checked = checkOne({
      type: ' health ',
      start_date: '24/11/2025',
      premium_amount: '₹18,500',
      renewal_frequency: 'Every 6 months',
      members: 'Asha (Self); ravi',
      claim_helpline: '',
    });
    expect(checked).toMatchObject({
      ok: true,
      type: { existing: HEALTH },
      key: duplicateKey('Star Health', 'SH-1'),
      policy: {
        start_date: '2025-11-24',
        premium_amount: 18500,
        renewal_frequency: '6-monthly',
        claim_helpline: null,
        // "ravi" alone is the saved Ravi, spelled as saved.
        members: [
          { name: 'Asha', relationship: 'Self' },
          { name: 'Ravi', relationship: 'Spouse' },
        ],
      },
    });
  });

  it('says what is wrong with each field, with the form’s messages', () => {
    const checked = checkOne({
      type: '',
      insurer_name: '  ',
      start_date: '2025-02-30',
      next_renewal_date: '',
      premium_amount: 'lots',
      renewal_frequency: 'weekly',
      claim_helpline: 'call us',
    });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual([
      'Renewal frequency: use monthly, 6-monthly, yearly, 3-yearly',
      'Policy type is required',
      'Insurer name is required',
      'Start date: Use a valid date (YYYY-MM-DD)',
      'Next renewal date is required',
      'Premium amount must be a number',
    ]);
  });

  it('checks contacts by the policy schema once the rest is right', () => {
    const checked = checkOne({ claim_helpline: 'call us', agent_name: 'A'.repeat(101) });
    expect(!checked.ok && checked.errors).toEqual([
      'Claim helpline can only have digits, spaces, hyphens and a + at the start, e.g. 1800-425-2255',
      'Agent or advisor name must be at most 100 characters',
    ]);
  });

  it('refuses a renewal before the start and a member without a relationship', () => {
    const checked = checkOne({ next_renewal_date: '2025-01-01', members: 'Meera' });
    expect(!checked.ok && checked.errors).toEqual([
      'Members: give Meera’s relationship, e.g. Meera (Self)',
      'Next renewal date cannot be before the start date',
    ]);
  });

  it('keeps a person to one relationship, saved or given on an earlier line', () => {
    const checker = createRowChecker(context);
    expect(checker.check(row({ members: 'Ravi (Husband)' }, 'Line 2'))).toMatchObject({
      ok: false,
      errors: ['Members: Ravi is saved as Spouse, not Husband (one relationship on every policy)'],
    });
    expect(checker.check(row({ members: 'Meera (Daughter)' }, 'Line 3')).ok).toBe(true);
    expect(checker.check(row({ members: 'meera (Mother)' }, 'Line 4'))).toMatchObject({
      ok: false,
      errors: [
        'Members: Meera is Daughter on Line 3, not Mother (one relationship on every policy)',
      ],
    });
    expect(checker.check(row({ members: 'MEERA' }, 'Line 5'))).toMatchObject({
      ok: true,
      policy: { members: [{ name: 'Meera', relationship: 'Daughter' }] },
    });
  });

  it('creates an unknown type once, as the user’s own, with the first spelling', () => {
    const checker = createRowChecker(context);
    expect(checker.check(row({ type: 'Pet' }))).toMatchObject({
      ok: true,
      type: { create: 'Pet' },
    });
    expect(checker.check(row({ type: 'pet ' }))).toMatchObject({
      ok: true,
      type: { create: 'pet' },
    });
    expect(checker.check(row({ type: 'T'.repeat(61) }))).toMatchObject({
      ok: false,
      errors: ['Type name must be at most 60 characters'],
    });
    expect(checker.newTypes()).toEqual([{ name: 'Pet', icon: null }]);
  });
});

describe('duplicates', () => {
  const saved: CurrentPolicy = {
    id: 'saved-1',
    insurer_name: 'Star Health',
    policy_number: 'SH 1',
    product_name: 'Old plan',
    start_date: '2024-11-24',
    next_renewal_date: '2025-11-24',
    renewal_frequency: 'monthly',
    sum_insured: 100,
    premium_amount: 200,
    additional_details: 'kept',
    members: [{ name: 'Ravi', relationship: 'Spouse' }],
  };

  it('are the same insurer and number whatever the case and spaces', () => {
    expect(duplicateKey(' star  health', 'sh-1 ')).toBe(duplicateKey('Star Health', 'SH-1'));
    expect(duplicateKey('Star Health', 'SH 1')).toBe(duplicateKey('Star Health', 'SH1'));
    expect(duplicateKey('Star Health', 'SH-1')).not.toBe(duplicateKey('Star Health', 'SH-2'));
  });

  const rows = () => [
    valid({ policy_number: 'sh1', premium_amount: '1' }, 'Line 2'),
    valid({ policy_number: 'NB-1', premium_amount: '2' }, 'Line 3'),
    valid({ policy_number: 'nb-1 ', premium_amount: '3' }, 'Line 4'),
    valid({ policy_number: 'SH 1', premium_amount: '4' }, 'Line 5'),
  ];

  it('skipped: the saved policy stays, and the first of the file’s repeats is added', () => {
    const plan = planImport(rows(), [saved], 'skip');
    expect(plan.saves.map((s) => [s.row.label, s.update?.id])).toEqual([['Line 3', undefined]]);
    expect(plan.skipped.map((s) => [s.row.label, s.reason])).toEqual([
      ['Line 2', 'already saved'],
      ['Line 5', 'already saved'],
      ['Line 4', 'same policy as Line 3'],
    ]);
    expect(plan.duplicates.map((d) => [d.row.label, d.of])).toEqual([
      ['Line 2', 'a saved policy'],
      ['Line 5', 'a saved policy'],
      ['Line 4', 'Line 3'],
    ]);
  });

  it('updated: the file’s last repeat is written over the saved policy', () => {
    const plan = planImport(rows(), [saved], 'update');
    expect(plan.saves.map((s) => [s.row.label, s.update?.id])).toEqual([
      ['Line 4', undefined],
      ['Line 5', 'saved-1'],
    ]);
    expect(plan.skipped.map((s) => [s.row.label, s.reason])).toEqual([
      ['Line 2', 'Line 5 has the same policy and is used'],
      ['Line 3', 'Line 4 has the same policy and is used'],
    ]);
  });

  it('an update keeps what the file has no column for', () => {
    const checker = createRowChecker(context);
    const checked = checker.check({
      label: 'Line 2',
      values: {
        type: 'Health',
        insurer_name: 'Star Health',
        policy_number: 'SH1',
        start_date: '2025-11-24',
        next_renewal_date: '2026-11-24',
        premium_amount: '999',
      },
    });
    if (!checked.ok) throw new Error(checked.errors.join());
    expect(importedPolicy({ row: checked, update: saved })).toEqual({
      insurer_name: 'Star Health',
      policy_number: 'SH1',
      product_name: 'Old plan',
      start_date: '2025-11-24',
      next_renewal_date: '2026-11-24',
      renewal_frequency: 'monthly',
      sum_insured: 100,
      premium_amount: 999,
      additional_details: 'kept',
      members: [{ name: 'Ravi', relationship: 'Spouse' }],
      payments: [],
    });
  });
});

describe('payments in an import', () => {
  it('are checked by the payment schema, each problem naming its payment', () => {
    const checked = createRowChecker(context).check({
      ...row({}),
      payments: [
        { paid_on: '2025-11-20', amount: 18500, mode: 'upi', reference: ' UTR 7 ' },
        { paid_on: '2025-02-30', amount: 0 },
        { paid_on: '2025-11-20', amount: 1, mode: 'bitcoin' },
        'paid',
      ],
    });
    expect(!checked.ok && checked.errors).toEqual([
      'Payment 2: Amount must be more than zero',
      'Payment 2: Paid on: Use a valid date (YYYY-MM-DD)',
      'Payment 3: Choose how it was paid',
      'Payment 4: Invalid input: expected object, received string',
    ]);
    const good = createRowChecker(context).check({
      ...row({}),
      payments: [{ paid_on: '2025-11-20', amount: 18500, mode: 'upi', reference: ' UTR 7 ' }],
    });
    expect(good).toMatchObject({
      ok: true,
      policy: {
        payments: [{ paid_on: '2025-11-20', amount: 18500, mode: 'upi', reference: 'UTR 7' }],
      },
    });
  });

  it('a payment already saved (same date and amount) is not recorded again; equal ones count', () => {
    const saved = [
      { paid_on: '2025-11-20', amount: 18500 },
      { paid_on: '2025-12-20', amount: 100 },
    ];
    const wanted = [
      { paid_on: '2025-11-20', amount: 18500, reference: 'edited since' },
      { paid_on: '2025-12-20', amount: 100 },
      { paid_on: '2025-12-20', amount: 100 },
      { paid_on: '2025-11-20', amount: 18500.01 },
    ];
    expect(unsavedPayments(wanted, saved)).toEqual([
      { paid_on: '2025-12-20', amount: 100 },
      { paid_on: '2025-11-20', amount: 18500.01 },
    ]);
    expect(unsavedPayments(wanted, [])).toEqual(wanted);
  });
});

describe('reading JSON', () => {
  const file = (policies: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ format: 'bimaguide-policies', version: 1, policies, ...extra });

  it('reads a BimaGuide export, entry by entry', () => {
    const result = rowsFromJson(
      file([
        { type: 'Pet', type_icon: 'PawPrint', insurer_name: 'A', payments: [{ amount: 1 }] },
        { insurer_name: 42 },
      ]),
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          label: 'Policy 1',
          values: { type: 'Pet', insurer_name: 'A' },
          typeIcon: 'PawPrint',
          payments: [{ amount: 1 }],
        },
        {
          label: 'Policy 2',
          values: {},
          problems: ['insurer_name: Invalid input: expected string, received number'],
        },
      ],
    });
  });

  it('refuses what is not an export, or is from a newer version', () => {
    expect(rowsFromJson('{')).toEqual({ ok: false, error: 'This file is not valid JSON.' });
    expect(rowsFromJson('{"policies":[]}')).toEqual({
      ok: false,
      error: 'This JSON file is not a BimaGuide export.',
    });
    expect(rowsFromJson(file([], { version: 2 }))).toEqual({
      ok: false,
      error:
        'This file was made by a newer BimaGuide (format 2). Update the app, then import it again.',
    });
  });
});
