import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';
import { policyTypeSchema } from './policy-type';
import { policyShareSchema, sharedPolicySchema } from './share';

/** Tables the tracker syncs through the sync_push / sync_pull RPCs. */
export const syncTables = [
  'policies',
  'people',
  'policy_members',
  'policy_types',
  'policy_documents',
  'payments',
] as const;
export const syncTableSchema = z.enum(syncTables);
export type SyncTable = z.infer<typeof syncTableSchema>;

/**
 * A row as sync carries it: any JSON object. Its fields are parsed by the row's table schema
 * (src/sync/rows.ts) before it becomes a local row. Checked, not copied: z.record rebuilt
 * every row key by key, about 5 µs a row, a tenth of a second per 20,000 pulled (issue 22).
 */
const rowObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

/**
 * One outbox operation as sync_push takes it (see supabase/migrations/*_sync_rpc.sql):
 * upsert writes only the fields in `row` (which carries the key: id, or policy_id and
 * person_id for policy_members); delete tombstones; renew advances next_renewal_date one
 * period only if it still equals renewed_from; restore brings back a policy deleted within
 * 30 days.
 */
export const syncOpSchema = z.discriminatedUnion('kind', [
  z.object({
    op_id: idSchema,
    table: syncTableSchema,
    kind: z.literal('upsert'),
    row: rowObject,
    /** The values the device edited from; the server ignores them (last write wins). */
    base: rowObject.optional(),
  }),
  z.object({
    op_id: idSchema,
    table: syncTableSchema,
    kind: z.literal('delete'),
    id: idSchema.optional(),
    row: rowObject.optional(),
  }),
  z.object({
    op_id: idSchema,
    table: z.literal('policies'),
    kind: z.literal('restore'),
    id: idSchema,
  }),
  z.object({
    op_id: idSchema,
    table: z.literal('policies'),
    kind: z.literal('renew'),
    id: idSchema,
    renewed_from: isoDateSchema,
  }),
]);
export type SyncOp = z.infer<typeof syncOpSchema>;

/**
 * applied: took effect, or was a no-op by the sync rules; `code` then says which
 * ('ignored_deleted', 'already_renewed', 'already_deleted', 'not_found', 'noop').
 * duplicate: applied by an earlier call; the stored result comes back.
 * rejected: permanently refused; `code` is the SQLSTATE (23514 check, 42501 RLS, 22023 bad
 * input, 23505 conflict ...) and `message` the reason.
 */
export const syncStatuses = ['applied', 'duplicate', 'rejected'] as const;
export const syncResultSchema = z.object({
  op_id: z.string().nullable(),
  status: z.enum(syncStatuses),
  code: z.string().nullable(),
  message: z.string().nullable(),
  row: rowObject.nullable(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export const syncPushResponseSchema = z.array(syncResultSchema);

export const syncChangeSchema = z.object({
  table: syncTableSchema,
  server_seq: z.number().int().nonnegative(),
  /** The full row; a tombstone has deleted_at set. */
  row: rowObject,
});
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncPullResponseSchema = z.object({
  changes: z.array(syncChangeSchema),
  /** Pass as `since` next time. */
  cursor: z.number().int().nonnegative(),
  has_more: z.boolean(),
  /** Every live global type, each time (they are few and leave no tombstones). */
  global_policy_types: z.array(policyTypeSchema),
  /** Sharing (issue 18), complete on every page: the caller's shares as recipient. */
  shares: z.array(policyShareSchema).default([]),
  /**
   * Every live policy shared with the caller: a held policy of another owner that is not
   * listed is to be removed from the device, with its members, payments and documents.
   */
  shared_policies: z.array(sharedPolicySchema).default([]),
  /** The owners' own types that shared policies use. */
  shared_policy_types: z.array(policyTypeSchema).default([]),
});
export type SyncPullResponse = z.infer<typeof syncPullResponseSchema>;
