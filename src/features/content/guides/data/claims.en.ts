import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'How to Make a Claim: Health, Motor and Term Life',
    description:
      'The four steps of an insurance claim in India and the documents you need for health, motor and term life claims.',
  },
  title: 'How to Make an Insurance Claim',
  subtitle:
    'The four steps of a claim in India, the documents you need for health, motor and term life claims, and where Bima Sugam fits in.',
  lead: [
    {
      kind: 'note',
      title: 'Where Bima Sugam fits',
      text: 'Bima Sugam is intended to let you raise and track claims for all your policies in one place. It is being rolled out in phases, so for now make claims directly with your insurer (or its TPA for health claims) as described below. The steps and documents stay much the same either way.',
    },
  ],
  sections: [
    {
      title: 'The four steps of a claim',
      blocks: [
        {
          kind: 'steps',
          steps: [
            {
              title: 'Inform the insurer straight away',
              text: 'Intimate the claim as soon as possible using the insurer’s toll-free number, app, website or email, and note the claim reference number. For planned hospital treatment ask for cashless approval in advance; in an emergency, inform the insurer or TPA within the time the policy allows (often 24 hours after admission). For theft or an accident involving injury, also file a police report.',
            },
            {
              title: 'Submit the claim form and documents',
              text: 'Fill in the claim form honestly and completely, and send the documents listed below. Keep copies and proof of submission. Missing papers are the most common reason claims are delayed.',
            },
            {
              title: 'Assessment by the insurer',
              text: 'The insurer (or its Third Party Administrator for health claims) checks the claim against the policy wording. A motor claim is inspected by a surveyor before repairs; a life claim in the first years of a policy may be investigated. Reply to any query quickly and in writing.',
            },
            {
              title: 'Settlement, or escalation if needed',
              text: 'Once approved, payment goes to the hospital or garage (cashless) or to your bank account. If the claim is rejected or short-paid, ask for the reasons in writing. Complain to the insurer’s grievance officer first; if unresolved, escalate through IRDAI’s Bima Bharosa portal or approach the Insurance Ombudsman, which is free for policyholders.',
            },
          ],
        },
      ],
    },
    {
      title: 'Documents you will need',
      blocks: [
        {
          kind: 'lists',
          lists: [
            {
              title: 'Health insurance',
              items: [
                'Filled claim form and health card or policy number',
                'Photo ID and KYC of the patient and proposer',
                'Doctor’s prescription advising admission',
                'Discharge summary and final hospital bill with itemised breakup',
                'Payment receipts, pharmacy bills and prescriptions',
                'Investigation reports (blood tests, X-ray, scans)',
                'FIR or medico-legal certificate for accident cases',
                'Cancelled cheque or bank details for reimbursement',
              ],
            },
            {
              title: 'Motor insurance',
              items: [
                'Filled claim form and policy copy',
                'Registration certificate (RC) of the vehicle',
                'Driving licence of the person driving at the time',
                'FIR for theft, third-party injury or major damage',
                'Repair estimate, then the final invoice and payment receipt',
                'Photos of the damage and the accident spot, if safe to take',
                'For theft: all original keys and the police non-traceable report',
                'KYC and bank details',
              ],
            },
            {
              title: 'Term life insurance',
              items: [
                'Claim form filled by the nominee',
                'Original or attested death certificate issued by the local authority',
                'Policy document (or an indemnity if it is lost)',
                'Nominee’s photo ID, address proof and KYC',
                'Cancelled cheque or bank statement of the nominee',
                'Medical records and hospital certificate if death followed an illness',
                'FIR, post-mortem report and police final report for accidental or unnatural death',
                'Legal heir or succession documents if no nominee was registered',
              ],
            },
          ],
        },
        {
          kind: 'small',
          text: 'Insurers may ask for more depending on the case. The policy wording and the insurer’s claim form list exactly what applies to you.',
        },
      ],
    },
    {
      title: 'Time limits that protect you',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Health: IRDAI expects insurers to decide a cashless request quickly (within an hour of the request) and to authorise discharge within three hours of the hospital’s final request.',
            'Life: a death claim that needs no investigation should be settled within 15 days of receiving all documents; if investigation is needed, within 45 days.',
            'After a life policy has run for three years, the insurer cannot reject a claim on grounds of misstatement (Section 45 of the Insurance Act, 1938).',
            'If a settlement is late, you are entitled to interest under IRDAI rules. Ask for it in writing.',
          ],
        },
      ],
    },
    {
      title: 'Tips for a smooth claim',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Disclose every pre-existing illness, habit and existing policy when you buy. Non-disclosure is the biggest cause of rejections.',
            'Tell your family where your policies are and who the nominees are. Our policy tracker keeps this in one place.',
            'Use network hospitals and garages for cashless service whenever possible.',
            'Never sign blank or incomplete claim forms, and keep copies of everything you submit.',
          ],
        },
        {
          kind: 'text',
          text: 'Read our [health](/health-insurance), [motor](/motor-insurance) and [term insurance](/term-insurance) guides for product-specific claim advice.',
        },
      ],
    },
  ],
  cta: {
    title: 'Claim delayed or rejected?',
    text: 'A licensed advisor can check the policy wording, help you answer the insurer’s queries and guide you through the grievance process.',
  },
};

export default guide;
