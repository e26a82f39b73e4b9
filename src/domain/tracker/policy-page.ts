import { renewalFrequencies, type PolicyContacts, type RenewalFrequencyValue } from '../schemas';

/**
 * A `tel:` link for a stored phone number. Spaces and hyphens only group the digits for the
 * eye (the schema allows nothing else besides a leading +), so the dialled number is the
 * digits and the +: 'tel:+919876543210'.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s-]/g, '')}`;
}

/** 'Yearly', 'Every 6 months': as the form's Renewal Frequency lists it. */
export function renewalFrequencyLabel(value: RenewalFrequencyValue): string {
  return renewalFrequencies.find((f) => f.value === value)?.label ?? value;
}

/** One person or desk to call about a policy; at least one of name and phone is set. */
export interface PolicyContact {
  id: 'claim' | 'tpa' | 'agent' | 'nominee';
  label: string;
  name: string | null;
  phone: string | null;
}

function given(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The contacts a policy page lists, the claim helpline first (what a family needs in a
 * hospital), then the TPA who settles cashless claims, the agent and the nominee. Only those
 * with something filled in.
 */
export function policyContacts(policy: PolicyContacts): PolicyContact[] {
  const all: PolicyContact[] = [
    {
      id: 'claim',
      label: "Insurer's claim helpline",
      name: null,
      phone: given(policy.claim_helpline),
    },
    { id: 'tpa', label: 'TPA', name: given(policy.tpa_name), phone: given(policy.tpa_helpline) },
    {
      id: 'agent',
      label: 'Agent or advisor',
      name: given(policy.agent_name),
      phone: given(policy.agent_phone),
    },
    { id: 'nominee', label: 'Nominee', name: given(policy.nominee_name), phone: null },
  ];
  return all.filter((c) => c.name !== null || c.phone !== null);
}
