/**
 * Every brand and contact fact the site shows lives here so a rebrand or a new phone number is a
 * one-file change; the texts that go with them (the chat button, hours, location, disclaimer,
 * licence note) are in the catalogs as `site.*`, in each language. Nothing secret belongs in
 * this file: it ships in the browser bundle.
 */
export const site = {
  brand: 'BimaGuide',
  /** Where the site is published: canonical and hreflang links name it. */
  url: 'https://bimaguide.in',
  tagline: 'Your independent guide to Bima Sugam and insurance in India',
  description:
    'Plain-language guides to Bima Sugam, health, term and motor insurance, financial calculators and a free policy tracker for Indian families.',
  contact: {
    chatUrl: 'https://wa.me/919830012345',
    email: 'hello@bimaguide.in',
    schedulingUrl: 'https://calendly.com/bimaguide/insurance-consultation',
  },
  licence: {
    brokerNumber: '487',
    // Each credential's last valid day: the texts say "valid till" up to it and "validity
    // ended" after (src/domain/content/credentials.ts). Renewing one is one edit here.
    broker: { validUntil: '2026-04-30', shownAs: 'month' },
    lifeCertification: { validUntil: '2025-11-08', shownAs: 'day' },
    generalCertification: { validUntil: '2025-11-05', shownAs: 'day' },
  },
  legalLastUpdated: '23 Oct 2025',
} as const;

export function pageTitle(page: string): string {
  return `${page} | ${site.brand}`;
}

export const storageKeys = {
  bookmarkHintSeen: 'bimaguide.bookmark-hint-seen',
  /** 'open' or 'closed': the dashboard's "Renewals needing attention" panel, as last left. */
  duePanel: 'bimaguide.due-panel',
} as const;

export const timings = {
  bookmarkHintDelayMs: 5000,
  toastDurationMs: 5000,
  callbackRedirectMs: 3000,
} as const;
