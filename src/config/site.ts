/**
 * Every brand and contact fact the site shows lives here so a rebrand or a new phone number is a
 * one-file change. Nothing secret belongs in this file: it ships in the browser bundle.
 */
export const site = {
  brand: 'BimaGuide',
  tagline: 'Your independent guide to Bima Sugam and insurance in India',
  description:
    'Plain-language guides to Bima Sugam, health, term and motor insurance, financial calculators and a free policy tracker for Indian families.',
  contact: {
    chatUrl: 'https://wa.me/919830012345',
    chatLabel: 'Chat on WhatsApp',
    email: 'hello@bimaguide.in',
    schedulingUrl: 'https://calendly.com/bimaguide/insurance-consultation',
    hours: 'Mon-Sat 10:00 AM-6:00 PM',
  },
  location: 'Kolkata, West Bengal, India',
  licence: {
    brokerNumber: '487',
    brokerValidTill: 'April 2026',
    lifeCertificationValidTill: '08 Nov 2025',
    generalCertificationValidTill: '05 Nov 2025',
    brokerNote:
      'Insurance is the subject matter of solicitation. Advice and sales are provided by a licensed Point of Sales Person (POSP) through our IRDAI-licensed broking partner, Broker Licence No. 487, valid till April 2026.',
  },
  disclaimer:
    'BimaGuide is an independent information website. It is not affiliated with, endorsed by or operated by the Insurance Regulatory and Development Authority of India (IRDAI) or the official Bima Sugam portal.',
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
