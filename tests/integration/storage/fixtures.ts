import type { SupabaseClient } from '@supabase/supabase-js';
import {
  syncPullResponseSchema,
  syncPushResponseSchema,
  type SyncOp,
  type SyncPullResponse,
  type SyncResult,
} from '../../../src/domain/schemas';
import path from 'node:path';
import type { ServerOptions } from '../../../server/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uuid } from '../rls/actors';
import { newPolicyRow } from '../rls/fixtures';

export const BUCKET = 'policy-documents';

export async function push(client: SupabaseClient, ops: SyncOp[]): Promise<SyncResult[]> {
  const { data, error } = await client.rpc('sync_push', { ops });
  if (error) throw new Error(`sync_push failed: ${error.code} ${error.message}`);
  return syncPushResponseSchema.parse(data);
}

export async function pull(client: SupabaseClient, since = 0): Promise<SyncPullResponse> {
  const { data, error } = await client.rpc('sync_pull', { since, max: 5000 });
  if (error) throw new Error(`sync_pull failed: ${error.code} ${error.message}`);
  return syncPullResponseSchema.parse(data);
}

export const upsertOp = (table: SyncOp['table'], row: Record<string, unknown>): SyncOp => ({
  op_id: uuid(),
  table,
  kind: 'upsert',
  row,
});

export const deleteOp = (table: SyncOp['table'], id: string): SyncOp => ({
  op_id: uuid(),
  table,
  kind: 'delete',
  id,
});

export const newPolicy = (fields: Record<string, unknown> = {}): Record<string, unknown> =>
  newPolicyRow(uuid(), { renewal_frequency: 'yearly', ...fields });

/** The server every storage suite runs: the seeded types, the admin, cleanup on demand only. */
export const documentsServer: ServerOptions = {
  adminEmail: ADMIN_EMAIL,
  adminPassword: ADMIN_PASSWORD,
  seedFile: path.resolve('supabase/seed.sql'),
  documentCleanupIntervalMs: 0,
};

/** Creates a policy through sync_push; answers its id. */
export async function addPolicy(client: SupabaseClient): Promise<string> {
  const policy = newPolicy();
  const [result] = await push(client, [upsertOp('policies', policy)]);
  if (result?.status !== 'applied') throw new Error(`policy not saved: ${result?.message}`);
  return String(policy.id);
}

export interface Doc {
  id: string;
  path: string;
}

/** Creates a document row through sync_push; answers its id and storage path. */
export async function addDocument(
  client: SupabaseClient,
  userId: string,
  policyId: string,
  fields: Record<string, unknown> = {},
): Promise<Doc> {
  const id = uuid();
  const [result] = await push(client, [
    upsertOp('policy_documents', {
      id,
      policy_id: policyId,
      name: 'E-card.pdf',
      mime_type: 'application/pdf',
      size: 1000,
      ...fields,
    }),
  ]);
  if (result?.status !== 'applied' || result.code !== null) {
    throw new Error(`document not saved: ${result?.code} ${result?.message}`);
  }
  return { id, path: `${userId}/${policyId}/${id}` };
}

/** What supabase-js reports for a Storage error: HTTP status and the body's statusCode. */
export function storageFailure(error: unknown): {
  status: unknown;
  statusCode: unknown;
  message: string;
} {
  if (!(error instanceof Error)) throw new Error(`expected a storage error, got ${String(error)}`);
  return {
    status: 'status' in error ? error.status : undefined,
    statusCode: 'statusCode' in error ? error.statusCode : undefined,
    message: error.message,
  };
}

export const pdfBytes = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
