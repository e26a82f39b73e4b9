import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'Health Insurance Guide',
    description:
      'How health insurance works in India: cashless and reimbursement claims, TPAs, waiting periods, co-pay, room-rent limits and Section 80D.',
  },
  title: 'Health Insurance Guide',
  subtitle:
    'How health insurance works in India, the fine print that decides your claim, and how to choose a plan for your family.',
  sections: [
    {
      title: 'Why you need it',
      blocks: [
        {
          kind: 'text',
          text: 'A single hospital stay for a heart procedure, a surgery or a serious infection can cost several lakh rupees in a private hospital, and medical costs rise faster than general inflation. Health insurance pays these bills so your savings — and your plans for your children or your retirement — stay intact. A policy from your employer helps, but it usually ends when you change or leave your job, often exactly when you need cover most.',
        },
      ],
    },
    {
      title: 'What a health policy covers',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'In-patient hospitalisation for at least 24 hours: room, nursing, doctors’ fees, ICU, surgery, medicines and tests.',
            'Day-care procedures that need less than 24 hours, such as cataract surgery, dialysis or chemotherapy.',
            'Pre- and post-hospitalisation expenses, commonly 30 to 60 days before and 60 to 180 days after admission.',
            'Ambulance charges up to a limit, and often AYUSH treatment (Ayurveda, Yoga, Unani, Siddha, Homeopathy) in recognised hospitals.',
            'Many plans add free annual health check-ups, domiciliary (home) treatment and organ donor expenses.',
          ],
        },
        {
          kind: 'subsection',
          title: 'Types of plan',
          blocks: [
            {
              kind: 'bullets',
              items: [
                'Individual: each person has their own sum insured.',
                'Family floater: one sum insured shared by the family; cheaper, but one big claim can use up cover for everyone.',
                'Senior citizen plans: designed for older buyers. IRDAI has removed the upper age limit for buying a new health policy, although terms and premiums vary.',
                'Top-up and super top-up: high cover at a low premium that pays above a chosen deductible; a super top-up counts all claims in a year towards that deductible.',
                'Critical illness: pays a lump sum on diagnosis of a listed illness such as cancer or heart attack, whatever the hospital bill.',
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'Cashless, reimbursement and TPAs',
      blocks: [
        {
          kind: 'text',
          text: '**Cashless:** at a network hospital (one with an agreement with your insurer), the insurer pays the hospital directly. For planned treatment, the hospital sends a pre-authorisation request before admission; in an emergency, it is sent soon after. You pay only for items the policy does not cover.',
        },
        {
          kind: 'text',
          text: '**Reimbursement:** at any other hospital you pay the bill yourself and then claim it back with the original documents, usually within 15 to 30 days of discharge depending on the policy.',
        },
        {
          kind: 'text',
          text: '**TPA (Third Party Administrator):** many insurers use an IRDAI-licensed TPA to issue health cards, approve cashless requests and process claims. Your policy or health card tells you whether a TPA handles your claims and how to reach it.',
        },
      ],
    },
    {
      title: 'The fine print that decides your claim',
      blocks: [
        {
          kind: 'subsection',
          title: 'Waiting periods',
          blocks: [
            {
              kind: 'bullets',
              items: [
                'Initial waiting period: usually 30 days from the start of the first policy, during which only accidents are covered.',
                'Pre-existing diseases (such as diabetes or hypertension you already had): covered only after a waiting period, which IRDAI now caps at 3 years. Some plans offer shorter waits or an add-on to reduce it.',
                'Specific illnesses and procedures (such as cataract, hernia or joint replacement) often have their own waiting period of one to three years.',
                'Waiting periods already served carry over when you renew on time or port to another insurer, so avoid letting a policy lapse.',
                'After five continuous years of cover (the moratorium period), a claim cannot be contested on grounds of non-disclosure, except in cases of proven fraud.',
              ],
            },
          ],
        },
        {
          kind: 'subsection',
          title: 'Co-pay',
          blocks: [
            {
              kind: 'text',
              text: 'With a co-pay you bear a fixed share of every claim, for example 10% or 20%. It lowers the premium and is common in senior citizen plans, but on a ₹5 lakh bill a 20% co-pay means ₹1 lakh from your pocket. Prefer plans without co-pay if you can afford them.',
            },
          ],
        },
        {
          kind: 'subsection',
          title: 'Room-rent limits',
          blocks: [
            {
              kind: 'text',
              text: 'Some policies limit room rent, say to 1% of the sum insured per day. If you take a costlier room, the insurer may cut not only the extra rent but also doctors’ fees, surgery and other charges in the same proportion (a “proportionate deduction”). A ₹3 lakh policy capped at ₹3,000 a day, with a ₹6,000 room, could pay only about half the whole bill. Look for “no room-rent limit” or “any single private room”.',
            },
          ],
        },
        {
          kind: 'subsection',
          title: 'Other terms to check',
          blocks: [
            {
              kind: 'bullets',
              items: [
                'Sub-limits on specific treatments, such as cataract or maternity.',
                'No Claim Bonus: an increase in sum insured for each claim-free year.',
                'Restoration (recharge) of the sum insured if it is used up during the year.',
                'Portability: you can move to another insurer at renewal without losing credit for waiting periods served.',
                'Free-look period: 30 days after receiving a new policy to cancel it if it is not what you expected.',
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'Tax benefit under Section 80D',
      blocks: [
        {
          kind: 'text',
          text: 'Under the old tax regime, premiums paid for health insurance can be deducted from your taxable income under Section 80D of the Income Tax Act. The new tax regime does not allow this deduction.',
        },
        {
          kind: 'table',
          caption: 'Limits per financial year; pay premiums by a non-cash mode to claim them.',
          columns: ['Premium paid for', 'Deduction up to', 'Senior citizen'],
          rows: [
            ['Self, spouse and dependent children', '₹25,000', '₹50,000 if you are 60 or older'],
            ['Parents (in addition)', '₹25,000', '₹50,000 if a parent is 60 or older'],
            ['Preventive health check-up', 'Up to ₹5,000', 'Within the limits above, cash allowed'],
          ],
        },
        {
          kind: 'note',
          title: 'Tax rules change',
          text: 'Limits and conditions are set by the Income Tax Act and can change in any Budget. Check the current rules or ask a tax adviser before relying on a deduction.',
        },
      ],
    },
    {
      title: 'How to choose a plan',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Sum insured: in a metro city, at least ₹10 lakh for a family is a sensible starting point; add a super top-up for high cover at low cost.',
            'Check the network hospitals near your home, not just the total number.',
            'Prefer no room-rent cap, no co-pay and few sub-limits over a slightly lower premium.',
            'Disclose every existing illness and habit honestly. Non-disclosure is the commonest reason claims are rejected.',
            'Buy young: premiums are lower and waiting periods run out before you are likely to need them.',
          ],
        },
        {
          kind: 'text',
          text: 'Confused by a word? Look it up in the [glossary](/glossary), or read how to [make a claim](/how-to/claims-on-bima-sugam).',
        },
      ],
    },
  ],
  cta: {
    title: 'Want help comparing health plans?',
    text: 'Tell us your city, family ages and any existing conditions. A licensed advisor will shortlist plans and explain the waiting periods, co-pay and room-rent terms before you buy.',
  },
};

export default guide;
