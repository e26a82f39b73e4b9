import { isPgError } from '../db.ts';

export interface PgrstBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PgrstBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function apiError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ApiError {
  return new ApiError(status, { code, message, details, hint });
}

export function parseError(what: string, details: string): ApiError {
  return apiError(400, 'PGRST100', `"failed to parse ${what}" (line 1, column 1)`, details);
}

/** PostgREST's SQLSTATE → HTTP status table (postgrest/src/PostgREST/Error.hs). */
export function statusForSqlState(code: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  const cls = code.slice(0, 2);
  // 08 and 53 would be 503 upstream; supabase-js retries 503, so keep those as 500.
  if (
    [
      '08',
      '09',
      '25',
      '2D',
      '38',
      '39',
      '3B',
      '40',
      '53',
      '55',
      '57',
      '58',
      'F0',
      'HV',
      'P0',
      'XX',
    ].includes(cls)
  )
    return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (cls === '54') return 413;
  if (cls === 'PT') {
    const n = Number(code.slice(2));
    if (Number.isInteger(n) && n >= 100 && n <= 599) return n;
  }
  return 400;
}

export function fromDbError(e: unknown, isAnon: boolean): ApiError {
  if (e instanceof ApiError) return e;
  if (isPgError(e)) {
    return apiError(
      statusForSqlState(e.code, isAnon),
      e.code,
      e.message,
      e.detail ?? null,
      e.hint ?? null,
    );
  }
  const message = e instanceof Error ? e.message : 'internal error';
  return apiError(500, 'PGRSTX00', message);
}
