import { describe, expect, it } from 'vitest';
import { policyContacts, renewalFrequencyLabel, telHref } from './policy-page';

describe('telHref', () => {
  it('dials the digits and a leading +, without the grouping', () => {
    expect(telHref('1800-425-2255')).toBe('tel:18004252255');
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
    expect(telHref('033-2345 6789')).toBe('tel:03323456789');
  });
});

describe('renewalFrequencyLabel', () => {
  it('says the frequency as the form lists it', () => {
    expect(renewalFrequencyLabel('6-monthly')).toBe('Every 6 months');
    expect(renewalFrequencyLabel('yearly')).toBe('Yearly');
  });
});

describe('policyContacts', () => {
  it('lists the claim helpline first, then the TPA, the agent and the nominee', () => {
    expect(
      policyContacts({
        nominee_name: 'Ravi Kumar',
        claim_helpline: '1800-425-2255',
        tpa_name: 'Medi Assist',
        tpa_helpline: '1800-425-9449',
        agent_name: 'Sunita',
        agent_phone: '+91 98765 43210',
      }),
    ).toEqual([
      { id: 'claim', label: "Insurer's claim helpline", name: null, phone: '1800-425-2255' },
      { id: 'tpa', label: 'TPA', name: 'Medi Assist', phone: '1800-425-9449' },
      { id: 'agent', label: 'Agent or advisor', name: 'Sunita', phone: '+91 98765 43210' },
      { id: 'nominee', label: 'Nominee', name: 'Ravi Kumar', phone: null },
    ]);
  });

  it('leaves out what is not filled in, and knows nothing of a policy stored before them', () => {
    expect(
      policyContacts({ tpa_helpline: '1800-425-9449', agent_name: ' ', nominee_name: null }),
    ).toEqual([{ id: 'tpa', label: 'TPA', name: null, phone: '1800-425-9449' }]);
    expect(policyContacts({})).toEqual([]);
  });
});
