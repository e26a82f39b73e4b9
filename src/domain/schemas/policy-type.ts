import { z } from 'zod';
import { idSchema, optionalText, requiredText, syncColumns } from './common';

/** Admin form and the tracker's inline "new type": name required, icon optional (spec §5). */
export const policyTypeInputSchema = z.object({
  name: requiredText(60, 'Type name'),
  /** A lucide-react icon name such as Car or HeartPulse; unknown names fall back to a default. */
  icon: optionalText(60, 'Icon name'),
});
export type PolicyTypeInput = z.input<typeof policyTypeInputSchema>;
export type PolicyTypeValues = z.output<typeof policyTypeInputSchema>;

export const policyTypeSchema = policyTypeInputSchema.extend({
  id: idSchema,
  /** null: a global type managed by the admin; otherwise the owner's custom type. */
  user_id: idSchema.nullable(),
  ...syncColumns,
});
export type PolicyType = z.output<typeof policyTypeSchema>;
