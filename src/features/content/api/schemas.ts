import { faqSchema, glossarySchema, newsSchema } from '@/domain/schemas';
import type { z } from 'zod';

/**
 * Public reads fetch only the columns the site shows (not updated_at), so the shared entity
 * schemas are narrowed to those columns here.
 */

export const newsRowSchema = newsSchema.omit({ updated_at: true });
export const glossaryRowSchema = glossarySchema.omit({ updated_at: true });
export const faqRowSchema = faqSchema.omit({ updated_at: true });

export type NewsRow = z.output<typeof newsRowSchema>;
export type GlossaryRow = z.output<typeof glossaryRowSchema>;
export type FaqRow = z.output<typeof faqRowSchema>;

export const NEWS_COLUMNS = 'id, title, slug, excerpt, content, created_at';
export const GLOSSARY_COLUMNS = 'id, term, slug, definition, context, created_at';
export const FAQ_COLUMNS = 'id, question, answer, created_at';
