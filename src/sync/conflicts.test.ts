import { describe, expect, it } from 'vitest';
import { policyFieldNames } from '@/domain/schemas';
import { said } from '../../tests/helpers/catalogs';
import { describeNotice, overwrittenFields, policyLabel, type NoticeWords } from './conflicts';

/** The screen's words, made visible: a date in brackets, the one type this device has. */
const words: NoticeWords = {
  date: (isoDate) => `[${isoDate}]`,
  policyType: (typeId) => (typeId === 'health-id' ? 'Health' : undefined),
};

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
    const notice = describeNotice(
      {
        policy_id: 'p',
        label: 'Star Health (SH-1)',
        kind: 'changed',
        changes: [
          { field: 'premium_amount', mine: 70000, theirs: 66000 },
          { field: 'nominee_name', mine: 'Ravi', theirs: null },
        ],
      },
      words,
    );
    expect(said(notice)).toBe(
      'Star Health (SH-1) — changed on another device: premium ₹70,000 → ₹66,000; nominee Ravi → (empty)',
    );
    expect(said(notice, 'hi')).toBe(
      'Star Health (SH-1) — किसी दूसरे डिवाइस पर बदली गई: प्रीमियम ₹70,000 → ₹66,000; नॉमिनी Ravi → (खाली)',
    );
  });

  it('says an edit of a policy deleted elsewhere was not saved', () => {
    const notice = describeNotice(
      {
        policy_id: 'p',
        label: 'Star Health',
        kind: 'deleted',
        changes: [],
      },
      words,
    );
    expect(said(notice)).toBe(
      'Star Health was deleted on another device. Your change was not saved.',
    );
    expect(said(notice, 'hi')).toBe(
      'Star Health किसी दूसरे डिवाइस पर हटा दी गई थी। आपका बदलाव सहेजा नहीं गया।',
    );
  });

  it('names every field an edit can change in both languages', () => {
    const fields = policyFieldNames;
    const notice = describeNotice(
      {
        policy_id: 'p',
        label: 'X',
        kind: 'changed',
        changes: fields.map((field) => ({ field, mine: '1', theirs: '2' })),
      },
      words,
    );
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
    const message = describeNotice(notice, { ...words, names: new Map([['ravi-id', 'Ravi']]) });
    expect(said(message)).toBe(
      'Star Health (SH-1) — changed by Ravi on another device: next renewal date [2026-12-01] → [2027-12-01]',
    );
    expect(said(message, 'hi')).toBe(
      'Star Health (SH-1) — Ravi ने किसी दूसरे डिवाइस पर बदली: अगले रिन्यूअल की तारीख़ [2026-12-01] → [2027-12-01]',
    );
  });

  it('says someone the user shares with when the name is not known here', () => {
    expect(said(describeNotice(notice, words))).toBe(
      'Star Health (SH-1) — changed by someone you share it with on another device: next renewal date [2026-12-01] → [2027-12-01]',
    );
  });
});

describe('what a notice says of dates, types, frequencies and nameless policies', () => {
  it('writes dates and types as the screen does, and frequencies by the catalog', () => {
    const notice = describeNotice(
      {
        policy_id: 'p',
        label: 'Star Health',
        kind: 'changed',
        changes: [
          { field: 'start_date', mine: '2025-12-01', theirs: '2025-11-01' },
          { field: 'policy_type_id', mine: 'health-id', theirs: 'gone-id' },
          { field: 'renewal_frequency', mine: 'yearly', theirs: 'monthly' },
        ],
      },
      words,
    );
    expect(said(notice)).toBe(
      'Star Health — changed on another device: start date [2025-12-01] → [2025-11-01]; policy type Health → a type no longer on this device; renewal frequency Yearly → Monthly',
    );
    expect(said(notice, 'hi')).toBe(
      'Star Health — किसी दूसरे डिवाइस पर बदली गई: शुरू होने की तारीख़ [2025-12-01] → [2025-11-01]; पॉलिसी का प्रकार Health → ऐसा प्रकार जो अब इस डिवाइस पर नहीं है; रिन्यूअल कितने समय में हर साल → हर महीने',
    );
  });

  it('calls a policy without an insurer "A policy" in the screen’s language', () => {
    const deleted = (label: ReturnType<typeof policyLabel>) =>
      describeNotice({ policy_id: 'p', label, kind: 'deleted', changes: [] }, words);
    expect(policyLabel({ insurer_name: 'Star Health', policy_number: 'SH-1' })).toBe(
      'Star Health (SH-1)',
    );
    expect(policyLabel({ insurer_name: 'Star Health', policy_number: '' })).toBe('Star Health');
    const nameless = deleted(policyLabel({}));
    expect(said(nameless)).toBe(
      'A policy was deleted on another device. Your change was not saved.',
    );
    expect(said(nameless, 'hi')).toBe(
      'एक पॉलिसी किसी दूसरे डिवाइस पर हटा दी गई थी। आपका बदलाव सहेजा नहीं गया।',
    );
    const numbered = deleted(policyLabel({ policy_number: 'SH-1' }));
    expect(said(numbered)).toMatch(/^A policy \(SH-1\) was deleted/);
    expect(said(numbered, 'hi')).toMatch(/^एक पॉलिसी \(SH-1\) किसी दूसरे/);
  });
});
