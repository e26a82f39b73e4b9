import { describe, expect, it } from 'vitest';
import { slugSchema } from '@/domain/schemas';
import { slugify } from './slugify';

describe('slugify', () => {
  it.each([
    ['What is Bima Sugam?', 'what-is-bima-sugam'],
    ['IRDAI Launches  New   Rules', 'irdai-launches-new-rules'],
    ['Claim Settlement Ratio (CSR)', 'claim-settlement-ratio-csr'],
    ['  Padded title  ', 'padded-title'],
    ['Tabs\tand\nnew lines', 'tabs-and-new-lines'],
    ['snake_case stays', 'snake_case-stays'],
    ['Top 10 plans for 2025!', 'top-10-plans-for-2025'],
    ['Bima Sugam — FAQ', 'bima-sugam-faq'],
    ['Café & Résumé', 'cafe-resume'],
    ['already-a-slug', 'already-a-slug'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('gives an empty slug for a title without word characters', () => {
    expect(slugify('?!… —')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('always produces what the database slug check accepts', () => {
    for (const title of ['Health + Term: 2 in 1', 'ULIP vs. SIP?', 'Motor (Own Damage) cover']) {
      expect(slugSchema.safeParse(slugify(title)).success).toBe(true);
    }
  });
});
