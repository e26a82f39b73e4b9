import type { Db } from './db.ts';
import type { AuthService } from './auth/service.ts';
import { AuthError } from './auth/service.ts';
import { qi } from './rest/build.ts';

/**
 * Makes sure the configured admin can sign in, and registers it in the table behind
 * is_admin() when the schema has one (public.admins keyed by email and/or user_id).
 */
export async function ensureAdmin(
  db: Db,
  auth: AuthService,
  email: string,
  password: string,
): Promise<void> {
  const lower = email.trim().toLowerCase();
  const existing = await db.query<{ id: string }>(
    `select id::text as id from auth.users where lower(email) = $1`,
    [lower],
  );
  let id = existing.rows[0]?.id;
  if (!id) {
    try {
      const u = await db.transaction((tx) =>
        auth.createUser(tx, { email: lower, password, confirmed: true, provider: 'email' }),
      );
      id = u.id;
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
      const again = await db.query<{ id: string }>(
        `select id::text as id from auth.users where lower(email) = $1`,
        [lower],
      );
      id = again.rows[0]?.id;
    }
  }
  const cols = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'admins'`,
  );
  const names = new Set(cols.rows.map((r) => r.column_name));
  if (names.size === 0) return;
  const insertCols: string[] = [];
  const values: string[] = [];
  const params: (string | null)[] = [];
  if (names.has('email')) {
    params.push(lower);
    insertCols.push('email');
    values.push(`$${params.length}`);
  }
  if (names.has('user_id') && id) {
    params.push(id);
    insertCols.push('user_id');
    values.push(`$${params.length}::uuid`);
  }
  if (insertCols.length === 0) return;
  await db.query(
    `insert into public.admins (${insertCols.map(qi).join(', ')}) values (${values.join(', ')}) on conflict do nothing`,
    params,
  );
}
