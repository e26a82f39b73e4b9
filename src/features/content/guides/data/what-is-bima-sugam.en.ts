import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'What is Bima Sugam? A Plain-Language Guide',
    description:
      'What Bima Sugam is, what IRDAI has announced, what is live today, its benefits and limits, and how to get ready.',
  },
  title: 'What is Bima Sugam?',
  subtitle:
    'India’s planned one-stop digital marketplace for buying, servicing and claiming insurance — what has been announced, what it could mean for you, and what is not live yet.',
  sections: [
    {
      title: 'Bima Sugam in one paragraph',
      blocks: [
        {
          kind: 'text',
          text: 'Bima Sugam (“insurance made easy”) is an online insurance marketplace announced by the Insurance Regulatory and Development Authority of India (IRDAI). The idea is simple: one platform where you can compare and buy life, health and general insurance from different insurers, keep all your policies in one place, renew them, update details and raise claims — much as UPI brought different banks onto one payments network.',
        },
        {
          kind: 'text',
          text: 'IRDAI notified the regulations for the marketplace in 2024. The platform is being built and run by Bima Sugam India Federation, a not-for-profit company set up for this purpose with the participation of insurers. It is meant to be free for policyholders.',
        },
      ],
    },
    {
      title: 'Benefits for policyholders',
      blocks: [
        {
          kind: 'cards',
          cards: [
            {
              title: 'One place for every insurer',
              text: 'Compare and buy life, health and general insurance products from many insurers on a single platform, instead of visiting each company separately.',
            },
            {
              title: 'Service without running around',
              text: 'Renewals, address or nominee changes and policy details are meant to be handled in one place for all your policies.',
            },
            {
              title: 'Simpler claims',
              text: 'Claims are meant to be raised and tracked through the platform, with documents shared digitally instead of photocopies and courier.',
            },
            {
              title: 'Policies in digital form',
              text: 'It is designed to work with e-Insurance Accounts so your policies are held electronically, safe from loss or damage.',
            },
            {
              title: 'Choice of advice',
              text: 'You can buy directly or through an agent, broker, POSP or bank of your choice — intermediaries are part of the design, not cut out.',
            },
            {
              title: 'Aimed at wider protection',
              text: 'IRDAI sees it as a key step towards its goal of “Insurance for All by 2047”, especially for first-time buyers.',
            },
          ],
        },
      ],
    },
    {
      title: 'Rollout status: what is announced and what is live',
      blocks: [
        {
          kind: 'note',
          title: 'Being rolled out in phases',
          text: 'Bima Sugam has been announced by IRDAI and is being launched in phases. Not all the features described on this page are available yet, and timelines can change. Always rely on official announcements from IRDAI and Bima Sugam India Federation for the current status.',
        },
        {
          kind: 'subsection',
          title: 'Announced',
          blocks: [
            {
              kind: 'bullets',
              items: [
                'A single marketplace covering life, health and general (including motor) insurance.',
                'Buying, servicing (renewals, changes) and claim settlement through one platform.',
                'Integration with e-Insurance Accounts and digital KYC so documents are not collected again and again.',
                'Participation of insurers and intermediaries: agents, brokers, POSPs and banks.',
              ],
            },
          ],
        },
        {
          kind: 'subsection',
          title: 'Not yet something to rely on',
          blocks: [
            {
              kind: 'bullets',
              items: [
                'Do not wait for Bima Sugam to buy or renew a policy you need now. A lapse in health or motor cover can cost you waiting-period credit, your No Claim Bonus or leave you legally uninsured on the road.',
                'Keep using your insurer or TPA for claims until the official platform clearly supports your type of claim.',
                'Treat any app, website, SMS or caller asking for payment “to register on Bima Sugam” as a likely fraud.',
              ],
            },
          ],
        },
      ],
    },
    {
      title: 'Limitations to keep in mind',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'A marketplace does not choose for you. Comparing premiums alone can mislead: room-rent caps, co-pay, waiting periods and claim service matter more than a small price difference.',
            'The insurer still decides claims according to the policy wording. A common platform does not change exclusions or disclosure rules.',
            'Digital-first services assume a smartphone, internet access and linked identity documents. Families who are less comfortable online may still want a person to help.',
            'As with any new system, early phases may have gaps, and not every insurer or product may be available from the start.',
          ],
        },
      ],
    },
    {
      title: 'How to get ready now',
      blocks: [
        {
          kind: 'text',
          text: 'You can do three useful things today, whatever the launch timeline turns out to be:',
        },
        {
          kind: 'bullets',
          items: [
            'Open a free e-Insurance Account and move your policies into electronic form — see [how to link existing policies](/how-to/link-existing-policies).',
            'Make sure your mobile number, email, PAN, bank details and nominees are correct with every insurer.',
            'Keep a list of every policy and its renewal date — our free [policy tracker](/policy-tracker-intro) does this for you.',
          ],
        },
        {
          kind: 'text',
          text: 'Also read how [claims work today and where Bima Sugam fits](/how-to/claims-on-bima-sugam).',
        },
      ],
    },
    {
      title: 'Frequently asked questions',
      blocks: [
        {
          kind: 'faq',
          items: [
            {
              question: 'Is Bima Sugam a government insurance company?',
              answer:
                'No. It does not sell its own insurance. It is a marketplace where policies of registered insurers can be bought and serviced. The insurer whose policy you buy remains responsible for it.',
            },
            {
              question: 'Will I pay extra to use Bima Sugam?',
              answer:
                'IRDAI has said the platform is meant to be free for policyholders. You pay the premium of the policy you choose, as you would anywhere else.',
            },
            {
              question: 'Do I need to buy my policies again?',
              answer:
                'No. Your existing policies stay valid with your insurer. The aim is that existing policies can be viewed and serviced through the platform once the relevant features are live.',
            },
            {
              question: 'Can I use Bima Sugam today?',
              answer:
                'It is being rolled out in phases and not every announced feature is live. Check the official announcements from IRDAI and Bima Sugam India Federation for what is currently available, and be careful of websites or callers claiming to be “the Bima Sugam portal”.',
            },
            {
              question: 'Is {brand} the official Bima Sugam website?',
              answer: 'No. {disclaimer}',
            },
          ],
        },
        {
          kind: 'buttons',
          buttons: [
            {
              to: '/how-to/link-existing-policies',
              label: 'Link your existing policies',
              primary: true,
            },
            { to: '/faq', label: 'More FAQs' },
          ],
        },
      ],
    },
  ],
  cta: {
    title: 'Questions about your own policies?',
    text: 'A licensed advisor can review what you hold today, spot gaps in cover and explain what Bima Sugam will and will not change for you.',
  },
};

export default guide;
