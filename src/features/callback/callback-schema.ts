import { z } from 'zod';
import { callbackProductSchema, callbackProducts } from '@/domain/schemas';

export { callbackProducts };
export type { CallbackProduct } from '@/domain/schemas';

// Optional +91, 91 or 0 in front of a ten-digit mobile number; Indian mobiles start with 6-9.
const INDIAN_MOBILE = /^(?:\+?91|0)?([6-9]\d{9})$/;

/**
 * Stricter than the shared phone rule (which mirrors the database check and allows landlines):
 * the advisor calls or messages back, so the public form asks for a mobile number.
 * Returns the number as +91XXXXXXXXXX, or null if it is not an Indian mobile number. Spaces and
 * hyphens are allowed anywhere because people copy numbers as "98300-12345" or "+91 98300 12345".
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = INDIAN_MOBILE.exec(compact);
  return match?.[1] ? `+91${match[1]}` : null;
}

export const PHONE_MESSAGE =
  'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9, e.g. 98300 12345 (+91 or 0 in front is fine).';

export const callbackFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Please keep your name under 100 characters.'),
  phone: z
    .string()
    .trim()
    .min(1, { message: 'Please enter your mobile number.', abort: true })
    .refine((value) => normaliseIndianMobile(value) !== null, PHONE_MESSAGE)
    .transform((value) => normaliseIndianMobile(value) ?? value),
  city: z
    .string()
    .trim()
    .min(1, 'Please enter your city.')
    .max(100, 'Please keep the city under 100 characters.'),
  product: callbackProductSchema,
  // Checked in the submit handler rather than here: the spec answers an unticked box with a
  // toast, not a field error.
  consent: z.boolean(),
});

export type CallbackFormValues = z.input<typeof callbackFormSchema>;
export type CallbackFormData = z.output<typeof callbackFormSchema>;

export const emptyCallbackForm: CallbackFormValues = {
  name: '',
  phone: '',
  city: '',
  product: 'Health Insurance',
  consent: false,
};
