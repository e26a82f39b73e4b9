import { describe, expect, it } from 'vitest';
import { paymentInputSchema, paymentModeLabel, paymentSchema } from '../schemas';
import {
  newPaymentForm,
  paymentFormSchema,
  paymentsByYear,
  renewalPreview,
  renewFormSchema,
} from './payments';

const POLICY = '00000000-0000-4000-8000-000000000001';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('renewalPreview', () => {
  it.each([
    ['2026-11-24', 'yearly', '24 Nov 2026 → 24 Nov 2027'],
    ['2026-01-31', 'monthly', '31 Jan 2026 → 28 Feb 2026'],
    ['2028-02-29', 'yearly', '29 Feb 2028 → 28 Feb 2029'],
    ['2026-08-31', '6-monthly', '31 Aug 2026 → 28 Feb 2027'],
    ['2026-11-24', '3-yearly', '24 Nov 2026 → 24 Nov 2029'],
  ] as const)('%s renewed %s shows %s', (from, frequency, text) => {
    expect(
      renewalPreview({ start_date: from, next_renewal_date: from, renewal_frequency: frequency }),
    ).toBe(text);
  });

  it('shows the month’s end coming back after February (started 31 Jan)', () => {
    expect(
      renewalPreview({
        start_date: '2026-01-31',
        next_renewal_date: '2026-02-28',
        renewal_frequency: 'monthly',
      }),
    ).toBe('28 Feb 2026 → 31 Mar 2026');
  });
});

describe('paymentsByYear', () => {
  it('groups by the calendar year paid, latest first, with exact totals', () => {
    const years = paymentsByYear([
      { id: 'a', amount: 0.1, paid_on: '2025-03-01' },
      { id: 'b', amount: 15000, paid_on: '2026-11-24' },
      { id: 'c', amount: 0.2, paid_on: '2025-12-31' },
      { id: 'd', amount: 1200.5, paid_on: '2026-01-01' },
    ]);
    expect(years.map((y) => [y.year, y.total, y.payments.map((p) => p.id)])).toEqual([
      [2026, 16200.5, ['b', 'd']],
      [2025, 0.3, ['c', 'a']],
    ]);
  });

  it('is empty without payments', () => {
    expect(paymentsByYear([])).toEqual([]);
  });
});

describe('payment schemas', () => {
  const valid = { policy_id: POLICY, amount: 15000, paid_on: '2026-11-24' };

  it('takes a payment with or without mode and reference; blanks are null', () => {
    expect(paymentInputSchema.parse({ ...valid, reference: '  ' })).toEqual({
      ...valid,
      mode: null,
      reference: null,
    });
    expect(
      paymentInputSchema.parse({ ...valid, mode: 'net_banking', reference: ' UTR 123 ' }),
    ).toMatchObject({ mode: 'net_banking', reference: 'UTR 123' });
  });

  it.each([
    [{ amount: 0 }, 'Amount must be more than zero'],
    [{ amount: -5 }, 'Amount must be more than zero'],
    [{ amount: 1e10 }, 'Amount is too large'],
    [{ amount: 10.005 }, 'Amount can have at most 2 decimal places'],
    [{ amount: Number.NaN }, 'Amount must be a number'],
    [{ paid_on: '2026-02-30' }, 'Use a valid date (YYYY-MM-DD)'],
    [{ paid_on: '1899-12-31' }, 'Use a date between the years 1900 and 2999'],
    [{ mode: 'bitcoin' }, 'Choose how it was paid'],
    [{ reference: 'R'.repeat(101) }, 'Reference must be at most 100 characters'],
  ])('refuses %o: %s', (change, message) => {
    expect(firstMessage(paymentInputSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('reads a stored row', () => {
    const row = {
      ...valid,
      id: '00000000-0000-4000-8000-000000000002',
      user_id: '00000000-0000-4000-8000-000000000003',
      mode: 'upi',
      reference: null,
      created_at: '2026-11-24T10:00:00+00:00',
      updated_at: '2026-11-24T10:00:00+00:00',
      deleted_at: null,
      server_seq: 7,
    };
    expect(paymentSchema.parse(row)).toEqual(row);
  });

  it('names the modes as people say them', () => {
    expect(paymentModeLabel('net_banking')).toBe('Net banking');
    expect(paymentModeLabel('auto_debit')).toBe('Auto-debit');
    expect(paymentModeLabel('upi')).toBe('UPI');
  });
});

describe('payment forms', () => {
  it('start from the premium and today', () => {
    expect(newPaymentForm(15000, '2026-11-24')).toEqual({
      amount: 15000,
      paid_on: '2026-11-24',
      mode: null,
      reference: '',
    });
    expect(newPaymentForm(null, '2026-11-24').amount).toBe('');
  });

  it('reads typed numbers and empties', () => {
    expect(
      paymentFormSchema.parse({
        amount: '15,000',
        paid_on: '2026-11-24',
        mode: null,
        reference: '',
      }),
    ).toEqual({ amount: 15000, paid_on: '2026-11-24', mode: null, reference: null });
    const blank = paymentFormSchema.safeParse({
      amount: '',
      paid_on: null,
      mode: null,
      reference: '',
    });
    expect(blank.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['amount', 'Amount is required'],
      ['paid_on', 'Paid on is required'],
    ]);
  });

  it('renews without a payment when the amount is left empty', () => {
    expect(
      renewFormSchema.parse({ amount: '', paid_on: '2026-11-24', mode: 'upi', reference: '' }),
    ).toBeNull();
    expect(
      renewFormSchema.parse({ amount: 18500, paid_on: '2026-11-24', mode: 'upi', reference: 'x' }),
    ).toEqual({ amount: 18500, paid_on: '2026-11-24', mode: 'upi', reference: 'x' });
  });
});
