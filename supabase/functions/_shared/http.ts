// Helpers every Edge Function here shares (Supabase bundles `../_shared` imports with each
// function on deploy).
import { timingSafeEqual } from 'node:crypto';

export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Whether the request carries exactly the service-role key (compared in constant time). */
export function isServiceRole(req: Request): boolean {
  const given = new TextEncoder().encode(
    req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? '',
  );
  const expected = new TextEncoder().encode(env('SUPABASE_SERVICE_ROLE_KEY'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
