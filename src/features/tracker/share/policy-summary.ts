import type { RenewalFrequencyValue } from '@/domain/schemas';
import { formatRupees } from '@/lib/format';
import { policyDate, typeName } from '../words';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** What a shared summary says about a policy. */
export interface ShareablePolicy {
  insurer_name: string;
  policy_number: string;
  type: { id: string; name: string } | null;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequencyValue;
  premium_amount: number | null;
  claim_helpline?: string | null;
  tpa_helpline?: string | null;
}

/**
 * A short plain-text summary to send someone (WhatsApp, a note), in the user's language: who
 * insures it, its number, when it renews, what it costs and whom to call for a claim. Lines
 * with nothing to say are left out.
 */
export function policySummary(
  t: Translate,
  policy: ShareablePolicy,
): { title: string; text: string } {
  const title = policy.type
    ? `${policy.insurer_name} — ${typeName(t, policy.type)}`
    : policy.insurer_name;
  const premium = policy.premium_amount;
  const lines = [
    title,
    t('tracker.share.number', { number: policy.policy_number }),
    t('tracker.share.renews', { date: policyDate(policy.next_renewal_date) }),
    premium !== null && Number.isFinite(premium) && premium > 0
      ? t('tracker.share.premium', {
          premium: formatRupees(premium),
          // Mid-sentence, so in lower case ("every 6 months"); Devanagari has no case.
          frequency: t(`tracker.frequency.${policy.renewal_frequency}`).toLowerCase(),
        })
      : null,
    policy.claim_helpline
      ? t('tracker.share.claimHelpline', { phone: policy.claim_helpline })
      : null,
    policy.tpa_helpline ? t('tracker.share.tpaHelpline', { phone: policy.tpa_helpline }) : null,
  ];
  return { title, text: lines.filter((line) => line !== null).join('\n') };
}
