import { describe, expect, it } from 'vitest';
import { policySummary } from './share-summary';

describe('policySummary', () => {
  it('says insurer, type, number, renewal date, premium with its frequency and the helpline', () => {
    expect(
      policySummary({
        insurer_name: 'Star Health',
        policy_number: 'SH-1',
        type: { name: 'Health' },
        next_renewal_date: '2026-11-24',
        renewal_frequency: '6-monthly',
        premium_amount: 18500,
        claim_helpline: '1800-425-2255',
      }),
    ).toEqual({
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
      policySummary({
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
});
