import { describe, expect, it } from 'vitest';
import { said } from '../../tests/helpers/catalogs';
import { describeNotice, overwrittenFields } from './conflicts';

describe('overwrittenFields', () => {
  const server = { id: 'p', premium_amount: 66000, insurer_name: 'Star Health', deleted_at: null };

  it('names a value this device wrote that the server now holds otherwise', () => {
    expect(overwrittenFields({ premium_amount: 70000 }, server, [])).toEqual([
      { field: 'premium_amount', mine: 70000, theirs: 66000 },
    ]);
  });

  it('says nothing while this device still has that field to send, or when values agree', () => {
    const pending = [{ kind: 'upsert' as const, row: { premium_amount: 70000 }, created_at: '' }];
    expect(overwrittenFields({ premium_amount: 70000 }, server, pending)).toEqual([]);
    expect(overwrittenFields({ premium_amount: 66000 }, server, [])).toEqual([]);
    expect(overwrittenFields({}, server, [])).toEqual([]);
  });

  it('treats a pending renewal as still carrying the renewal date', () => {
    const renew = [{ kind: 'renew' as const, row: {}, renewed_from: '2025-01-01', created_at: '' }];
    const row = { ...server, next_renewal_date: '2025-01-01' };
    expect(overwrittenFields({ next_renewal_date: '2026-01-01' }, row, renew)).toEqual([]);
    expect(overwrittenFields({ next_renewal_date: '2026-01-01' }, row, [])).toHaveLength(1);
  });
});

describe('describeNotice', () => {
  it('shows money in rupees with Indian grouping, old value first', () => {
    const notice = describeNotice({
      policy_id: 'p',
      label: 'Star Health (SH-1)',
      kind: 'changed',
      changes: [
        { field: 'premium_amount', mine: 70000, theirs: 66000 },
        { field: 'nominee_name', mine: 'Ravi', theirs: null },
      ],
    });
    expect(said(notice)).toBe(
      'Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000; nominee Ravi → (empty)',
    );
    expect(said(notice, 'hi')).toBe(
      'Star Health (SH-1) — किसी दूसरे डिवाइस पर बदली गई: प्रीमियम ₹70,000 → ₹66,000; नॉमिनी Ravi → (खाली)',
    );
  });

  it('says an edit of a policy deleted elsewhere was not saved', () => {
    const notice = describeNotice({
      policy_id: 'p',
      label: 'Star Health',
      kind: 'deleted',
      changes: [],
    });
    expect(said(notice)).toBe(
      'Star Health was deleted on another device. Your change was not saved.',
    );
    expect(said(notice, 'hi')).toBe(
      'Star Health किसी दूसरे डिवाइस पर हटा दी गई थी। आपका बदलाव सहेजा नहीं गया।',
    );
  });

  it('names every field an edit can change in both languages', () => {
    const fields = [
      'policy_type_id',
      'insurer_name',
      'policy_number',
      'product_name',
      'start_date',
      'next_renewal_date',
      'renewal_frequency',
      'sum_insured',
      'premium_amount',
      'additional_details',
      'nominee_name',
      'claim_helpline',
      'tpa_name',
      'tpa_helpline',
      'agent_name',
      'agent_phone',
    ];
    const notice = describeNotice({
      policy_id: 'p',
      label: 'X',
      kind: 'changed',
      changes: fields.map((field) => ({ field, mine: '1', theirs: '2' })),
    });
    for (const locale of ['en', 'hi'] as const) {
      const text = said(notice, locale);
      expect(text).not.toContain('tracker.notices');
      expect(text.split('; ')).toHaveLength(fields.length);
    }
    expect(said(notice, 'hi')).not.toMatch(/\b(policy|insurer|premium|nominee|agent)\b/);
  });
});

describe('describeNotice for a shared policy (issue 18)', () => {
  const notice = {
    policy_id: 'p',
    label: 'Star Health (SH-1)',
    kind: 'changed' as const,
    changes: [{ field: 'next_renewal_date', mine: '2026-12-01', theirs: '2027-12-01' }],
    changed_by: 'ravi-id',
  };

  it('names the other user who changed it', () => {
    const message = describeNotice(notice, new Map([['ravi-id', 'Ravi']]));
    expect(said(message)).toBe(
      'Star Health (SH-1) — changed by Ravi on another device: next renewal date 2026-12-01 → 2027-12-01',
    );
    expect(said(message, 'hi')).toBe(
      'Star Health (SH-1) — Ravi ने किसी दूसरे डिवाइस पर बदली: अगले रिन्यूअल की तारीख़ 2026-12-01 → 2027-12-01',
    );
  });

  it('says someone the user shares with when the name is not known here', () => {
    expect(said(describeNotice(notice))).toBe(
      'Star Health (SH-1) — changed by someone you share it with on another device: next renewal date 2026-12-01 → 2027-12-01',
    );
  });
});
