import { z } from 'zod';
import { idSchema, optionalText, requiredText, slugSchema, timestampSchema } from './common';

export const glossaryInputSchema = z.object({
  term: requiredText(100, 'Term'),
  slug: slugSchema,
  definition: requiredText(5000, 'Definition'),
  context: optionalText(5000, 'Context'),
});
export type GlossaryInput = z.input<typeof glossaryInputSchema>;
export type GlossaryValues = z.output<typeof glossaryInputSchema>;

export const glossarySchema = glossaryInputSchema.extend({
  id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type GlossaryTerm = z.output<typeof glossarySchema>;
