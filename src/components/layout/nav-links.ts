/** Catalog ids (src/locales) of the labels; components look them up in the active language. */
export const primaryNav = [
  { to: '/', label: 'shell.nav.home' },
  { to: '/what-is-bima-sugam', label: 'shell.nav.whatIsBimaSugam' },
  { to: '/policy-tracker', label: 'shell.nav.policyTracker' },
] as const;

export const footerColumns = [
  {
    title: 'shell.footer.about',
    links: [
      { to: '/about', label: 'shell.footer.aboutUs' },
      { to: '/advice', label: 'shell.footer.advisor' },
      { to: '/policy-tracker-intro', label: 'shell.nav.policyTracker' },
      { to: '/contact', label: 'shell.footer.contact' },
    ],
  },
  {
    title: 'shell.footer.resources',
    links: [
      { to: '/what-is-bima-sugam', label: 'shell.nav.whatIsBimaSugam' },
      { to: '/how-to/link-existing-policies', label: 'shell.footer.linkExisting' },
      { to: '/how-to/claims-on-bima-sugam', label: 'shell.footer.claims' },
      { to: '/health-insurance', label: 'shell.footer.health' },
      { to: '/term-insurance', label: 'shell.footer.term' },
      { to: '/motor-insurance', label: 'shell.footer.motor' },
      { to: '/news', label: 'shell.footer.news' },
      { to: '/glossary', label: 'shell.footer.glossary' },
      { to: '/faq', label: 'shell.footer.faq' },
    ],
  },
  {
    title: 'shell.footer.legal',
    links: [
      { to: '/privacy', label: 'shell.footer.privacy' },
      { to: '/disclaimer', label: 'shell.footer.disclaimer' },
      { to: '/terms', label: 'shell.footer.terms' },
    ],
  },
] as const;
