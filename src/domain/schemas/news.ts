import { z } from 'zod';
import { idSchema, optionalText, requiredText, slugSchema, timestampSchema } from './common';

export const newsInputSchema = z.object({
  title: requiredText(200, 'Title'),
  slug: slugSchema,
  excerpt: optionalText(500, 'Excerpt'),
  content: requiredText(50000, 'Content'),
});
export type NewsInput = z.input<typeof newsInputSchema>;
export type NewsValues = z.output<typeof newsInputSchema>;

export const newsSchema = newsInputSchema.extend({
  id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type News = z.output<typeof newsSchema>;
