import { reminderPremium } from '../policy/reminder-message';
import { renewalFrequencies, type RenewalFrequencyValue } from '../schemas';
import { formatPolicyDate } from './dates';

/** What a shared summary says about a policy. */
export interface ShareablePolicy {
  insurer_name: string;
  policy_number: string;
  type: { name: string } | null;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequencyValue;
  premium_amount: number | null;
  claim_helpline?: string | null;
  tpa_helpline?: string | null;
}

/**
 * A short plain-text summary to send someone (WhatsApp, a note): who insures it, its number,
 * when it renews, what it costs and whom to call for a claim. Lines with nothing to say are
 * left out.
 */
export function policySummary(policy: ShareablePolicy): { title: string; text: string } {
  const title = policy.type ? `${policy.insurer_name} — ${policy.type.name}` : policy.insurer_name;
  const premium = reminderPremium(policy.premium_amount);
  const frequency = renewalFrequencies.find((f) => f.value === policy.renewal_frequency);
  const lines = [
    title,
    `Policy number: ${policy.policy_number}`,
    `Renews on: ${formatPolicyDate(policy.next_renewal_date)}`,
    premium
      ? `Premium: ${premium} (${frequency?.label.toLowerCase() ?? policy.renewal_frequency})`
      : null,
    policy.claim_helpline ? `Claim helpline: ${policy.claim_helpline}` : null,
    policy.tpa_helpline ? `TPA helpline: ${policy.tpa_helpline}` : null,
  ];
  return { title, text: lines.filter((line) => line !== null).join('\n') };
}
