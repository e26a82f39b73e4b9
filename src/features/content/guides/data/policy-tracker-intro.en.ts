import type { IntroText } from '../page-texts';

const intro: IntroText = {
  meta: {
    title: 'Insurance Policy Tracker',
    description:
      'A free tracker for every insurance policy: vehicle, health, ULIP, term and custom types, with live renewal counters and family members.',
  },
  badge: 'Free policy tracker',
  title: 'Track Every Insurance Policy in One Place',
  text: 'Vehicle, Health, ULIP, Term and your own custom policy types — from every insurer, for the whole family — with live renewal counters so you never miss a due date.',
  start: 'Get Started for Free',
  dashboard: 'Go to Your Dashboard',
  featuresTitle: 'Everything you need to stay covered',
  features: [
    {
      title: 'One Dashboard for Everything',
      text: 'Car and bike, health, ULIP, term and any custom type you create, from any insurer, side by side with policy numbers, premiums and sums insured.',
    },
    {
      title: 'Never Miss a Renewal',
      text: 'Live day counters and clear Active, Due Soon and Lapsed labels show what needs attention, with reminders before each renewal date.',
    },
    {
      title: 'Family-Ready',
      text: 'Record who each policy covers — spouse, children, parents — so everyone knows which plan to use when it matters.',
    },
    {
      title: 'Simple & Secure',
      text: 'Your list is private to your account, works offline on your phone and syncs when you are back online. Free, with no spam.',
    },
  ],
  howTitle: 'How It Works',
  steps: [
    {
      title: 'Add Any Policy',
      text: 'Pick the policy type, enter the insurer, policy number, start and renewal dates, and how often it renews. Add the premium, cover and the family members it protects if you like.',
    },
    {
      title: 'See Live Counters',
      text: 'Every policy shows how many days are left until renewal. Policies due within 30 days are marked Due Soon, and missed renewals are marked Lapsed so nothing slips through.',
    },
    {
      title: 'Renew with a Click',
      text: 'Paid the renewal premium? Tap Mark Renewed and the next renewal date moves forward by the policy’s frequency — monthly, every 6 months, yearly or every 3 years.',
    },
  ],
  closing: {
    title: 'Your policies deserve better than a drawer full of paper',
    text: 'It takes a couple of minutes to add your first policy. Your data stays private to your account, and you can edit or delete it at any time.',
    button: 'Start Tracking Now',
  },
};

export default intro;
