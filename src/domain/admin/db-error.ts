/** The parts of a PostgREST / supabase-js error the admin screens look at. */
export interface DbErrorLike {
  code?: string | null;
  message?: string | null;
}

/** A unique constraint refused the write (Postgres 23505, which PostgREST answers with 409). */
export function isUniqueViolation(error: DbErrorLike | null | undefined): boolean {
  return error?.code === '23505';
}

/** No row matched a single-row read (PostgREST PGRST116, HTTP 406). */
export function isNoRows(error: DbErrorLike | null | undefined): boolean {
  return error?.code === 'PGRST116';
}
