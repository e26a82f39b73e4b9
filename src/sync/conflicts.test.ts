import { describe, expect, it } from 'vitest';
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
    expect(
      describeNotice({
        policy_id: 'p',
        label: 'Star Health (SH-1)',
        kind: 'changed',
        changes: [{ field: 'premium_amount', mine: 70000, theirs: 66000 }],
      }),
    ).toBe('Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000');
  });

  it('says an edit of a policy deleted elsewhere was not saved', () => {
    expect(
      describeNotice({ policy_id: 'p', label: 'Star Health', kind: 'deleted', changes: [] }),
    ).toBe('Star Health was deleted on another device. Your change was not saved.');
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
    expect(describeNotice(notice, new Map([['ravi-id', 'Ravi']]))).toBe(
      'Star Health (SH-1) — changed by Ravi on another device: next renewal date 2026-12-01 → 2027-12-01',
    );
  });

  it('says someone the user shares with when the name is not known here', () => {
    expect(describeNotice(notice)).toBe(
      'Star Health (SH-1) — changed by someone you share it with on another device: next renewal date 2026-12-01 → 2027-12-01',
    );
  });
});
