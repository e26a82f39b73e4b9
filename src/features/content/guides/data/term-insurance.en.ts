import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'Term Insurance Guide',
    description:
      'How to choose term life insurance: how much cover, claim settlement ratio, riders, and tax benefits under Sections 80C and 10(10D).',
  },
  title: 'Term Insurance Guide',
  subtitle:
    'The simplest and cheapest way to protect your family’s future if something happens to you — and how to choose a plan that will actually pay.',
  sections: [
    {
      title: 'What term insurance is',
      blocks: [
        {
          kind: 'text',
          text: 'A term plan is pure life cover. You pay a premium for a fixed period (the policy term); if you die during that period, the insurer pays the sum assured to your nominee. If you outlive the term, nothing is paid out. Because there is no savings element, term insurance gives the largest cover for the lowest premium — a healthy 30-year-old non-smoker can often buy ₹1 crore of cover for roughly the cost of a mobile phone plan.',
        },
        {
          kind: 'text',
          text: 'Plans that promise to “return your premiums” (TROP) or combine cover with investment, such as endowment plans and ULIPs, cost much more for the same cover. For most families, buying term cover and investing the difference separately works out better.',
        },
      ],
    },
    {
      title: 'How much cover and for how long',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'A common rule of thumb is 10 to 15 times your annual income, plus outstanding loans such as a home loan.',
            'A better method is Human Life Value: the income your family would lose until your retirement, plus liabilities, minus existing cover and savings. Our Human Life Value calculator on the home page does this for you.',
            'Choose a term that lasts until your children are independent and your loans are repaid — usually until age 60 to 65.',
            'Review your cover at life events: marriage, a child, a home loan, a big salary jump. Some plans let you increase cover at such milestones without new medical tests.',
          ],
        },
        { kind: 'calculatorLink', label: 'Try the Human Life Value calculator' },
      ],
    },
    {
      title: 'Claim settlement ratio: what it tells you',
      blocks: [
        {
          kind: 'text',
          text: 'The claim settlement ratio (CSR) is the share of death claims an insurer paid in a year out of the claims it decided. IRDAI publishes these figures in its annual report, and insurers show them on their websites.',
        },
        {
          kind: 'bullets',
          items: [
            'Look for a consistently high ratio (above about 95%) over three to five years, not one good year.',
            'Also check the amount settlement ratio: paying many small claims but rejecting large ones is a warning sign.',
            'Look at how quickly claims are settled and how many complaints the insurer receives relative to its size.',
            'No ratio protects you from your own non-disclosure. The best protection is an honest, complete proposal form.',
          ],
        },
      ],
    },
    {
      title: 'Riders worth knowing',
      blocks: [
        {
          kind: 'text',
          text: 'Riders are add-ons you can buy with the base plan for a small extra premium. Buy only those that fill a real gap.',
        },
        {
          kind: 'bullets',
          items: [
            'Accidental death benefit: an extra sum if death is caused by an accident.',
            'Critical illness: a lump sum on diagnosis of a listed illness such as cancer, heart attack or stroke.',
            'Waiver of premium: future premiums are waived if you become disabled or critically ill, so cover continues.',
            'Accidental total and permanent disability: pays if an accident leaves you unable to work.',
            'Terminal illness benefit: many plans pay the sum assured early on diagnosis of a terminal illness, often built in at no extra cost.',
          ],
        },
      ],
    },
    {
      title: 'Tax benefits',
      blocks: [
        {
          kind: 'subsection',
          title: 'Section 80C',
          blocks: [
            {
              kind: 'text',
              text: 'Under the old tax regime, term insurance premiums qualify for deduction under Section 80C, within the overall limit of ₹1.5 lakh a year shared with PPF, ELSS, EPF and other items. The new tax regime does not allow this deduction.',
            },
          ],
        },
        {
          kind: 'subsection',
          title: 'Section 10(10D)',
          blocks: [
            {
              kind: 'text',
              text: 'The amount paid to the nominee on death is exempt from income tax under Section 10(10D). Maturity or survival payouts (for example from return-of-premium plans) are exempt only if conditions on the premium-to-sum-assured ratio and, for recent high-premium policies, on the total annual premium are met.',
            },
          ],
        },
        {
          kind: 'note',
          title: 'Tax rules change',
          text: 'Tax treatment depends on the law in force and your own situation. Check the current rules or ask a tax adviser; never buy a policy only for the tax saving.',
        },
      ],
    },
    {
      title: 'Buying tips',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Disclose everything: existing illnesses, smoking or tobacco use, alcohol, hazardous jobs and other life policies. Within the first three years an insurer may reject a claim for misstatement; after three years it cannot (Section 45 of the Insurance Act).',
            'Complete the medical tests the insurer asks for — they protect your nominee later.',
            'Consider buying under the Married Women’s Property Act, 1874: the payout then goes only to your wife and children and is protected from creditors.',
            'Choose how the claim is paid: a lump sum, a monthly income, or a mix, depending on how comfortable your family is managing a large amount.',
            'Use the 30-day free-look period to read the policy document and cancel if anything is not as promised.',
            'Tell your nominee that the policy exists and where to find its details.',
          ],
        },
      ],
    },
  ],
  cta: {
    title: 'Find the right amount of cover',
    text: 'A licensed advisor can work out how much cover your family needs, compare claim settlement records and help you fill in the proposal form correctly.',
  },
};

export default guide;
