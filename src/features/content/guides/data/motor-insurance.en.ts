import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'Motor Insurance Guide',
    description:
      'Car and two-wheeler insurance explained: mandatory third-party cover, own damage, IDV, no claim bonus and the add-ons worth having.',
  },
  title: 'Motor Insurance Guide',
  subtitle:
    'What the law requires for your car or two-wheeler, what a comprehensive policy adds, and how to pay less without being under-insured.',
  sections: [
    {
      title: 'Third-party cover is mandatory',
      blocks: [
        {
          kind: 'text',
          text: 'Under the Motor Vehicles Act, 1988, every vehicle used in a public place must have at least third-party insurance. It pays for death or injury to other people and damage to their property caused by your vehicle. Driving without it can lead to a fine of ₹2,000 and/or up to three months in prison for a first offence, and ₹4,000 for a repeat offence.',
        },
        {
          kind: 'text',
          text: 'Third-party premiums are fixed by regulation for each vehicle category, so they are the same at every insurer. New cars are sold with three years of third-party cover and new two-wheelers with five years. Claims by injured third parties are decided by the Motor Accident Claims Tribunal, and the insurer pays the award.',
        },
      ],
    },
    {
      title: 'Own damage and comprehensive policies',
      blocks: [
        {
          kind: 'text',
          text: 'Third-party cover pays nothing for your own vehicle. Own damage (OD) cover pays for repairs or replacement of your vehicle after an accident, fire, theft, flood, riot or other listed events. A comprehensive policy combines third-party and own damage cover in one. If your third-party cover is already running (for example a multi-year cover with a new vehicle), you can buy a standalone own damage policy each year.',
        },
        {
          kind: 'subsection',
          title: 'Personal accident cover for the owner-driver',
          blocks: [
            {
              kind: 'text',
              text: 'Motor policies must offer compulsory personal accident cover of ₹15 lakh for the owner-driver. You may skip it only if you already have a personal accident policy of at least that amount.',
            },
          ],
        },
      ],
    },
    {
      title: 'IDV: the value your vehicle is insured for',
      blocks: [
        {
          kind: 'text',
          text: 'The Insured Declared Value (IDV) is the maximum the insurer pays if your vehicle is stolen or damaged beyond repair. It is the manufacturer’s listed price (including accessories fitted by the maker) minus depreciation for age. For vehicles over five years old, the IDV is agreed between you and the insurer.',
        },
        {
          kind: 'table',
          caption: 'Depreciation used to set the IDV',
          columns: ['Vehicle age', 'Depreciation'],
          rows: [
            ['Up to 6 months', '5%'],
            ['6 months to 1 year', '15%'],
            ['1 to 2 years', '20%'],
            ['2 to 3 years', '30%'],
            ['3 to 4 years', '40%'],
            ['4 to 5 years', '50%'],
          ],
          narrow: true,
        },
        {
          kind: 'text',
          text: 'A lower IDV cuts the premium but also cuts what you get after a theft or total loss. Keep it close to the market value of your vehicle.',
        },
      ],
    },
    {
      title: 'No Claim Bonus (NCB)',
      blocks: [
        {
          kind: 'text',
          text: 'For every year without an own damage claim, you get a discount on the own damage premium at renewal:',
        },
        {
          kind: 'table',
          caption: 'NCB applies to the own damage premium only',
          columns: ['Claim-free history', 'Discount'],
          rows: [
            ['1 claim-free year', '20%'],
            ['2 consecutive claim-free years', '25%'],
            ['3 consecutive claim-free years', '35%'],
            ['4 consecutive claim-free years', '45%'],
            ['5 or more consecutive claim-free years', '50%'],
          ],
          narrow: true,
        },
        {
          kind: 'bullets',
          items: [
            'The NCB belongs to you, not the vehicle. When you sell your car, ask for an NCB certificate and use it on your next vehicle.',
            'You lose it if you make a claim (unless you have an NCB protection add-on) or if you renew more than 90 days after the policy expires.',
            'For a small repair, compare the repair cost with the NCB you would lose before you claim.',
          ],
        },
      ],
    },
    {
      title: 'Add-ons worth considering',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Zero depreciation (“bumper to bumper”): the insurer pays for replaced parts without deducting depreciation. Very useful for new cars.',
            'Engine protection: covers engine damage from water entry or oil leakage, which a standard policy excludes — valuable in flood-prone cities.',
            'Return to invoice: after theft or total loss, pays the invoice price including registration and road tax, not just the IDV.',
            'Roadside assistance: towing, battery jump-start, flat tyre and fuel delivery.',
            'Consumables cover: nuts, bolts, engine oil and similar items usually not paid for.',
            'NCB protection, key replacement and tyre protection are other common options.',
          ],
        },
        {
          kind: 'note',
          title: 'Pay only for what you will use',
          text: 'Each add-on raises the premium. A five-year-old car driven rarely may not need zero depreciation; a new car in Mumbai or Chennai probably needs engine protection.',
        },
      ],
    },
    {
      title: 'Renewal and claim tips',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Renew before the expiry date. A lapsed policy means no cover on the road and an inspection before a new own damage policy is issued.',
            'Keep a valid Pollution Under Control (PUC) certificate; insurers may ask for it at renewal.',
            'Use network garages for cashless repairs, and do not start repairs before the surveyor inspects the vehicle.',
            'Inform the police and the insurer immediately after a theft or an accident involving injury.',
            'A voluntary deductible lowers the premium, but you pay that amount on every claim.',
          ],
        },
        {
          kind: 'text',
          text: 'See the [claims guide](/how-to/claims-on-bima-sugam) for the documents you need, and track every vehicle’s renewal date in the [policy tracker](/policy-tracker-intro).',
        },
      ],
    },
  ],
  cta: {
    title: 'Renewing your car or bike insurance?',
    text: 'A licensed advisor can compare quotes from several insurers, keep your No Claim Bonus and suggest only the add-ons your vehicle needs.',
  },
};

export default guide;
