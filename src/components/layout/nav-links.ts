export const primaryNav = [
  { to: '/', label: 'Home' },
  { to: '/what-is-bima-sugam', label: 'What is Bima Sugam' },
  { to: '/policy-tracker', label: 'Policy Tracker' },
] as const;

export const footerColumns = [
  {
    title: 'About',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/advice', label: 'Talk to an Advisor' },
      { to: '/policy-tracker-intro', label: 'Policy Tracker' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/what-is-bima-sugam', label: 'What is Bima Sugam' },
      { to: '/how-to/link-existing-policies', label: 'Link Existing Policies' },
      { to: '/how-to/claims-on-bima-sugam', label: 'Claims on Bima Sugam' },
      { to: '/health-insurance', label: 'Health Insurance' },
      { to: '/term-insurance', label: 'Term Insurance' },
      { to: '/motor-insurance', label: 'Motor Insurance' },
      { to: '/news', label: 'News' },
      { to: '/glossary', label: 'Glossary' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/disclaimer', label: 'Disclaimer' },
      { to: '/terms', label: 'Terms of Use' },
    ],
  },
] as const;
