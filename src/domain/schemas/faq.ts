import { z } from 'zod';
import { idSchema, requiredText, timestampSchema } from './common';

export const faqInputSchema = z.object({
  question: requiredText(500, 'Question'),
  answer: requiredText(10000, 'Answer'),
});
export type FaqInput = z.input<typeof faqInputSchema>;
export type FaqValues = z.output<typeof faqInputSchema>;

export const faqSchema = faqInputSchema.extend({
  id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Faq = z.output<typeof faqSchema>;
