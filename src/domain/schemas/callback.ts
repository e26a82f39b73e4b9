import { z } from 'zod';
import { idSchema, requiredText, timestampSchema } from './common';

/** Products offered on the callback form, in display order; the first is the default. */
export const callbackProducts = [
  'Health Insurance',
  'Term Insurance',
  'Motor Insurance',
  'Other',
] as const;

export const callbackProductSchema = z.enum(callbackProducts);
export type CallbackProduct = z.infer<typeof callbackProductSchema>;

/** Same rule as the SQL check: +, digits, spaces, brackets, hyphens; 7 to 15 digits. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, { error: 'Phone is required' })
  .regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Enter a valid phone number' })
  .refine(
    (v) => {
      const digits = v.replace(/[^0-9]/g, '').length;
      return digits >= 7 && digits <= 15;
    },
    { error: 'Enter a valid phone number' },
  );

/** What the public form sends (spec §7: insert {name, phone, city, product}). */
export const callbackInputSchema = z.object({
  name: requiredText(100, 'Name'),
  phone: phoneSchema,
  city: requiredText(100, 'City'),
  product: callbackProductSchema.default('Health Insurance'),
});
export type CallbackInput = z.input<typeof callbackInputSchema>;
export type CallbackValues = z.output<typeof callbackInputSchema>;

export const callbackSchema = callbackInputSchema.extend({
  id: idSchema,
  created_at: timestampSchema,
});
export type Callback = z.output<typeof callbackSchema>;
