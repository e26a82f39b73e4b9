/** List previews (spec §2): glossary definitions show 80 characters, FAQ answers 100. */
export const PREVIEW_LENGTH = {
  glossaryDefinition: 80,
  faqAnswer: 100,
} as const;

/**
 * The first `max` characters of `text` with whitespace (line breaks included) collapsed, and
 * an ellipsis when something was cut. Counts code points, not UTF-16 units, so an emoji or a
 * Devanagari sign is never split in half.
 */
export function previewText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
