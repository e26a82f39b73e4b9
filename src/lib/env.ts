// zod/mini: read by the auth check every page starts with (see src/lib/zod-without-eval.ts).
import { z } from 'zod/mini';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url('VITE_SUPABASE_URL must be the Supabase project URL'),
  VITE_SUPABASE_ANON_KEY: z
    .string()
    .check(z.minLength(20, 'VITE_SUPABASE_ANON_KEY must be the public anon key')),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * Parsed lazily so pages that never talk to the backend (guides, calculators) keep working even
 * in a build made without backend settings.
 */
export function getEnv(): Env {
  cached ??= envSchema.parse({
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  });
  return cached;
}
