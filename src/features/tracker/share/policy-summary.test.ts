import { afterEach, describe, expect, it } from 'vitest';
import { activateLoaded, i18n } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { policySummary } from './policy-summary';

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
const healthType = { id: '6f1a0c2e-0000-4000-8000-000000000002', name: 'Health' };

const starHealth = {
  insurer_name: 'Star Health',
  policy_number: 'SH-1',
  type: healthType,
  next_renewal_date: '2026-11-24',
  renewal_frequency: '6-monthly' as const,
  premium_amount: 18500,
  claim_helpline: '1800-425-2255',
};

afterEach(() => {
  activateLoaded('en', allMessages.en);
});

describe('policySummary', () => {
  it('says insurer, type, number, renewal date, premium with its frequency and the helpline', () => {
    expect(policySummary(t, starHealth)).toEqual({
      title: 'Star Health — Health',
      text: [
        'Star Health — Health',
        'Policy number: SH-1',
        'Renews on: 24 Nov 2026',
        'Premium: ₹18,500 (every 6 months)',
        'Claim helpline: 1800-425-2255',
      ].join('\n'),
    });
  });

  it('leaves out what is not known, and offers the TPA’s helpline', () => {
    expect(
      policySummary(t, {
        insurer_name: 'Niva Bupa',
        policy_number: 'NB-7',
        type: null,
        next_renewal_date: '2027-03-31',
        renewal_frequency: 'yearly',
        premium_amount: null,
        tpa_helpline: '1800 425 9449',
      }).text,
    ).toBe('Niva Bupa\nPolicy number: NB-7\nRenews on: 31 Mar 2027\nTPA helpline: 1800 425 9449');
  });

  it('says it in Hindi when Hindi is chosen, the policy’s own words as typed', () => {
    activateLoaded('hi', allMessages.hi);
    expect(policySummary(t, starHealth)).toEqual({
      title: 'Star Health — हेल्थ',
      text: [
        'Star Health — हेल्थ',
        'पॉलिसी नंबर: SH-1',
        'रिन्यूअल की तारीख़: 24 नव॰ 2026',
        'प्रीमियम: ₹18,500 (हर 6 महीने)',
        'क्लेम हेल्पलाइन: 1800-425-2255',
      ].join('\n'),
    });
  });
});
