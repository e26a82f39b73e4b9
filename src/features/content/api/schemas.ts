import { z } from 'zod';

/**
 * Row shapes of the public content tables. Local to this feature until shared entity schemas
 * land in src/domain/schemas; nullable optional columns are normalised to null so the cache
 * always stores one shape.
 */

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value && value.trim() !== '' ? value : null));

export const newsRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: optionalText,
  content: z.string(),
  created_at: z.string(),
});

export const glossaryRowSchema = z.object({
  id: z.string(),
  term: z.string(),
  slug: z.string(),
  definition: z.string(),
  context: optionalText,
  created_at: z.string(),
});

export const faqRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  created_at: z.string(),
});

export type NewsRow = z.infer<typeof newsRowSchema>;
export type GlossaryRow = z.infer<typeof glossaryRowSchema>;
export type FaqRow = z.infer<typeof faqRowSchema>;

export const NEWS_COLUMNS = 'id, title, slug, excerpt, content, created_at';
export const GLOSSARY_COLUMNS = 'id, term, slug, definition, context, created_at';
export const FAQ_COLUMNS = 'id, question, answer, created_at';
