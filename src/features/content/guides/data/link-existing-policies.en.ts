import type { GuideContent } from '../model';

const guide: GuideContent = {
  meta: {
    title: 'How to Link Existing Policies',
    description:
      'Step-by-step: bring your existing insurance policies together in an e-Insurance Account and get ready for Bima Sugam.',
  },
  title: 'How to Link Existing Policies',
  subtitle:
    'Bring the policies you already hold into one electronic account today, so you are ready when Bima Sugam’s features go live.',
  lead: [
    {
      kind: 'note',
      title: 'What works today',
      text: 'Bima Sugam is being rolled out in phases, and linking existing policies through it may not be available to you yet. The steps below use the e-Insurance Account system that already exists and that Bima Sugam is designed to work with. Nothing here requires you to buy a new policy or pay a fee.',
    },
  ],
  sections: [
    {
      title: 'Four steps',
      blocks: [
        {
          kind: 'steps',
          steps: [
            {
              title: 'Collect your policy details',
              text: 'List every policy you and your family hold — life, health, motor, home, personal accident. For each, note the insurer, policy number, policyholder name, renewal date and the mobile number and email registered with the insurer. Old paper policies, renewal notices and premium receipts all help.',
            },
            {
              title: 'Open an e-Insurance Account (eIA)',
              text: 'An eIA is a free electronic account for your policies, offered by IRDAI-registered Insurance Repositories. You can open one with a repository directly, or often through your insurer when buying or renewing. Complete the KYC with your PAN and Aadhaar (or other officially valid document), and keep the eIA number you receive.',
            },
            {
              title: 'Ask each insurer to credit your policies',
              text: 'Give each insurer your eIA number (most have an online form; some ask for a conversion request form) so existing policies are converted to electronic form and shown in your account. Do it one insurer at a time and check each policy appears with the right details.',
            },
            {
              title: 'Check details and keep them up to date',
              text: 'Log in to your eIA and verify names, dates of birth, nominees, sums insured and contact details. Correct any mismatch with the insurer now — mismatched names or nominees are a common cause of claim delays. When Bima Sugam’s policy-linking features become available, log in through the official platform and follow its verification steps.',
            },
          ],
        },
      ],
    },
    {
      title: 'Documents needed',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'PAN card (mandatory for KYC with most repositories and insurers).',
            'Aadhaar, passport, voter ID or driving licence as identity and address proof.',
            'A recent passport-size photograph, if the repository asks for offline KYC.',
            'A cancelled cheque or bank statement, so claim and maturity payments go to the right account.',
            'Policy documents or at least the policy numbers, and any old receipts for policies you are unsure about.',
            'Nominee details: full name, relationship and date of birth (and guardian details if the nominee is a minor).',
          ],
        },
      ],
    },
    {
      title: 'Tips',
      blocks: [
        {
          kind: 'bullets',
          items: [
            'Use the same mobile number and email everywhere. One-time passwords and renewal notices go to the contact details on record with each insurer.',
            'Make sure your name is spelt the same on your PAN, Aadhaar, bank account and policies.',
            'You can hold only one e-Insurance Account, and it can hold policies from many insurers.',
            'Keep the original paper documents of older policies safe until you see them in your electronic account.',
            'Lost a policy document? Your insurer can issue a duplicate or credit it directly to your eIA using the policy number.',
            'Never share OTPs or pay anyone who offers to “link” your policies to Bima Sugam for a fee.',
          ],
        },
        {
          kind: 'text',
          text: 'While you are gathering details, add each policy to our free [policy tracker](/policy-tracker-intro) so you can see every renewal date at a glance. New to the topic? Start with [what Bima Sugam is](/what-is-bima-sugam).',
        },
      ],
    },
  ],
  cta: {
    title: 'Stuck with an old or lost policy?',
    text: 'We can help you trace policies, fix name or nominee mismatches and work out which insurer to contact.',
  },
};

export default guide;
