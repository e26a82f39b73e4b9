import { z } from 'zod';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the Supabase project URL' }),
  VITE_SUPABASE_ANON_KEY: z.string().min(20, 'VITE_SUPABASE_ANON_KEY must be the public anon key'),
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
