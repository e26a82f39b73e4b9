import { z } from 'zod';
import { idSchema, requiredText, syncColumns } from './common';

/** A covered family member; names are unique per user, so a name is reused, not duplicated. */
export const personInputSchema = z.object({
  name: requiredText(100, 'Name'),
  relationship: requiredText(50, 'Relationship'),
});
export type PersonInput = z.input<typeof personInputSchema>;
export type PersonValues = z.output<typeof personInputSchema>;

export const personSchema = personInputSchema.extend({
  id: idSchema,
  user_id: idSchema,
  ...syncColumns,
});
export type Person = z.output<typeof personSchema>;
