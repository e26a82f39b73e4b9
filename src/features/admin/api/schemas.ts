import { z } from 'zod';
import {
  callbackSchema,
  faqSchema,
  glossarySchema,
  idSchema,
  isoDateSchema,
  newsSchema,
  policyTypeSchema,
  timestampSchema,
} from '@/domain/schemas';

// Column lists match the domain row schemas, so every response is parsed in full.
export const CALLBACK_COLUMNS = 'id, name, phone, city, product, created_at';
export const NEWS_COLUMNS = 'id, title, slug, excerpt, content, created_at, updated_at';
export const GLOSSARY_COLUMNS = 'id, term, slug, definition, context, created_at, updated_at';
export const FAQ_COLUMNS = 'id, question, answer, created_at, updated_at';
export const POLICY_TYPE_COLUMNS =
  'id, name, icon, user_id, created_at, updated_at, deleted_at, server_seq';
export const USER_POLICY_COLUMNS =
  'id, insurer_name, policy_number, next_renewal_date, policy_type:policy_types(name)';

export const callbackListSchema = z.array(callbackSchema);
export const newsListSchema = z.array(newsSchema);
export const glossaryListSchema = z.array(glossarySchema);
export const faqListSchema = z.array(faqSchema);
export const policyTypeListSchema = z.array(policyTypeSchema);

/** An account as admin_get_user / admin_search_users return it. */
export const adminUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  created_at: timestampSchema,
  last_sign_in_at: timestampSchema.nullable(),
});
export type AdminUser = z.output<typeof adminUserSchema>;

export const userSearchRowSchema = adminUserSchema.extend({ total_count: z.coerce.number() });

/** A user's policy as the admin table shows it; the type is null when it was deleted. */
export const userPolicySchema = z.object({
  id: idSchema,
  insurer_name: z.string(),
  policy_number: z.string(),
  next_renewal_date: isoDateSchema,
  policy_type: z.object({ name: z.string() }).nullable(),
});
export type UserPolicy = z.output<typeof userPolicySchema>;

export const dashboardCountsSchema = z.object({
  callbacks: z.coerce.number(),
  news: z.coerce.number(),
  glossary: z.coerce.number(),
  faqs: z.coerce.number(),
  policy_types: z.coerce.number(),
  users: z.coerce.number(),
});
export type DashboardCounts = z.output<typeof dashboardCountsSchema>;

export const deletedIdsSchema = z.array(z.object({ id: idSchema }));
