/**
 * The editors' slug rule (spec §5): lower case, whitespace runs to one hyphen, every other
 * non-word character removed. The result always satisfies the slug check in the database
 * (`^[a-z0-9_-]+$`) or is empty, which the form then reports as a missing slug.
 *
 * Letters with accents are decomposed first so "Café" gives "cafe" rather than "caf";
 * repeated or edge hyphens are collapsed and trimmed so a title like "Bima Sugam — FAQ"
 * gives "bima-sugam-faq".
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
