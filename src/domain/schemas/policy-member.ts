import { z } from 'zod';
import { idSchema, syncColumns } from './common';

export const policyMemberInputSchema = z.object({
  policy_id: idSchema,
  person_id: idSchema,
});
export type PolicyMemberInput = z.input<typeof policyMemberInputSchema>;

export const policyMemberSchema = policyMemberInputSchema.extend({
  user_id: idSchema,
  ...syncColumns,
});
export type PolicyMember = z.output<typeof policyMemberSchema>;
