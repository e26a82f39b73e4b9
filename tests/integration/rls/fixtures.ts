import type { RunningServer } from '../../../server/index.ts';
import type { SqlParam } from '../../../server/db.ts';
import { uuid } from './actors';

/** Ids of the global policy types in supabase/seed.sql. */
export const GLOBAL_TYPES = {
  vehicle: '6f1a0c2e-0000-4000-8000-000000000001',
  health: '6f1a0c2e-0000-4000-8000-000000000002',
  ulip: '6f1a0c2e-0000-4000-8000-000000000003',
  term: '6f1a0c2e-0000-4000-8000-000000000004',
} as const;

export type Row = Record<string, unknown>;

/** Inserts one row as the superuser (no RLS) and returns it as JSON. */
export async function insertAsOwner(server: RunningServer, table: string, row: Row): Promise<Row> {
  const cols = Object.keys(row);
  const params: SqlParam[] = cols.map((c) => {
    const v = row[c];
    if (v === undefined || v === null) return null;
    if (typeof v === 'object') return JSON.stringify(v);
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    throw new Error(`unsupported value for ${c}`);
  });
  const sql = `insert into public.${table} as t (${cols.map((c) => `"${c}"`).join(', ')})
    select ${cols.map((c) => `r."${c}"`).join(', ')}
      from json_populate_record(null::public.${table}, $1::json) r
    returning to_jsonb(t) as row`;
  const json = JSON.stringify(Object.fromEntries(cols.map((c, i) => [c, params[i]])));
  const rows = await server.query<{ row: Row }>(sql, [json]);
  const first = rows[0];
  if (!first) throw new Error(`insert into ${table} returned nothing`);
  return first.row;
}

/** Reads the row matching key as the superuser; null when it does not exist. */
export async function readAsOwner(
  server: RunningServer,
  table: string,
  key: Record<string, string>,
): Promise<Row | null> {
  const cols = Object.keys(key);
  const where = cols.map((c, i) => `t."${c}"::text = $${i + 1}`).join(' and ');
  const rows = await server.query<{ row: Row }>(
    `select to_jsonb(t) as row from public.${table} t where ${where}`,
    cols.map((c) => key[c] ?? null),
  );
  return rows[0]?.row ?? null;
}

export interface OwnedRows {
  policyId: string;
  personId: string;
}

/** A policy and a person owned by userId, linked together. */
export async function seedPolicyWithMember(
  server: RunningServer,
  userId: string,
): Promise<OwnedRows> {
  const policy = await insertAsOwner(server, 'policies', {
    id: uuid(),
    user_id: userId,
    policy_type_id: GLOBAL_TYPES.health,
    insurer_name: 'Star Health',
    policy_number: `SH-${uuid().slice(0, 8)}`,
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
  });
  const person = await insertAsOwner(server, 'people', {
    id: uuid(),
    user_id: userId,
    name: `Asha ${uuid().slice(0, 8)}`,
    relationship: 'Self',
  });
  const policyId = String(policy.id);
  const personId = String(person.id);
  await insertAsOwner(server, 'policy_members', {
    policy_id: policyId,
    person_id: personId,
    user_id: userId,
  });
  return { policyId, personId };
}

/** A new policy as sync_push takes it (a monthly Health policy unless fields say otherwise). */
export function newPolicyRow(id: string, fields: Row = {}): Row {
  return {
    id,
    policy_type_id: GLOBAL_TYPES.health,
    insurer_name: 'Star Health',
    policy_number: `SH-${id.slice(0, 8)}`,
    start_date: '2024-01-31',
    next_renewal_date: '2025-01-31',
    renewal_frequency: 'monthly',
    ...fields,
  };
}
