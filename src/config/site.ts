import { credentialText } from '@/domain/content/credentials';

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
    // Each credential's last valid day: the texts say "valid till" up to it and "validity
    // ended" after (src/domain/content/credentials.ts). Renewing one is one edit here.
    broker: { validUntil: '2026-04-30', shownAs: 'month' },
    lifeCertification: { validUntil: '2025-11-08', shownAs: 'day' },
    generalCertification: { validUntil: '2025-11-05', shownAs: 'day' },
  },
  disclaimer:
    'BimaGuide is an independent information website. It is not affiliated with, endorsed by or operated by the Insurance Regulatory and Development Authority of India (IRDAI) or the official Bima Sugam portal.',
  legalLastUpdated: '23 Oct 2025',
} as const;

export function brokerLicenceText(today: string | null): string {
  return credentialText(
    `Broker Licence No. ${site.licence.brokerNumber}`,
    site.licence.broker,
    today,
  );
}

/** The footer's and the disclaimer's licence note; `today` is null while it is not known. */
export function brokerNote(today: string | null): string {
  return `Insurance is the subject matter of solicitation. Advice and sales are provided by a licensed Point of Sales Person (POSP) through our IRDAI-licensed broking partner, ${brokerLicenceText(today)}.`;
}

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
