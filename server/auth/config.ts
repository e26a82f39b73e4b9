import fs from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';

/** The limits GoTrue applies, named after supabase/config.toml's keys, plus per-address ones. */
export interface AuthRateLimits {
  /** Password sign-ins, sign-ups, recoveries and resends per IP per 5 minutes (`sign_in_sign_ups`). */
  signInSignUps: number;
  /** Token refreshes and PKCE code exchanges per IP per 5 minutes (`token_refresh`). */
  tokenRefresh: number;
  /** Email link and OTP verifications per IP per 5 minutes (`token_verifications`). */
  tokenVerifications: number;
  /** Emails the whole server sends per hour (`email_sent`). */
  emailSent: number;
  /** Password attempts against one address per 5 minutes, whichever IPs they come from. */
  passwordAttemptsPerAddress: number;
  /** Seconds before another email to the same address (`[auth.email] max_frequency`). */
  emailMaxFrequencySeconds: number;
}

export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  rateLimits: AuthRateLimits;
}

/** GoTrue's own defaults, used for whatever config.toml leaves out. */
export const GOTRUE_DEFAULTS: AuthConfig = {
  siteUrl: 'http://localhost:4173',
  additionalRedirectUrls: [],
  rateLimits: {
    signInSignUps: 30,
    tokenRefresh: 150,
    tokenVerifications: 30,
    emailSent: 30,
    passwordAttemptsPerAddress: 10,
    emailMaxFrequencySeconds: 60,
  },
};

/**
 * For test suites and benchmarks that sign in hundreds of times from one address; never for a
 * server anyone else can reach.
 */
export const GENEROUS_RATE_LIMITS: AuthRateLimits = {
  signInSignUps: 1_000_000,
  tokenRefresh: 1_000_000,
  tokenVerifications: 1_000_000,
  emailSent: 1_000_000,
  passwordAttemptsPerAddress: 1_000_000,
  emailMaxFrequencySeconds: 0,
};

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Seconds in a Go duration such as "1m0s" or "1.5h" (the form the Supabase CLI takes). */
export function parseGoDuration(text: string): number | null {
  if (!/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(text)) return text === '0' ? 0 : null;
  let seconds = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    seconds += Number(m[1]) * (GO_DURATION_UNITS[m[2] ?? 's'] ?? 1);
  }
  return seconds;
}

/** The CLI reads `env(NAME)` values from the environment. */
const envString = z.string().transform((v, ctx) => {
  const name = /^env\((\w+)\)$/.exec(v)?.[1];
  if (name === undefined) return v;
  const value = process.env[name];
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: `${name} is not set` });
    return z.NEVER;
  }
  return value;
});

const count = z.number().int().nonnegative();

const configSchema = z.object({
  auth: z
    .object({
      site_url: envString.optional(),
      additional_redirect_urls: z.array(envString).optional(),
      rate_limit: z
        .object({
          email_sent: count.optional(),
          token_refresh: count.optional(),
          sign_in_sign_ups: count.optional(),
          token_verifications: count.optional(),
        })
        .optional(),
      email: z
        .object({
          max_frequency: z
            .string()
            .transform((v, ctx) => {
              const s = parseGoDuration(v);
              if (s === null) {
                ctx.addIssue({ code: 'custom', message: `not a duration: ${v}` });
                return z.NEVER;
              }
              return s;
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** Reads the `[auth]` settings GoTrue would get from supabase/config.toml; a missing file means defaults. */
export function loadAuthConfig(file: string): AuthConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return GOTRUE_DEFAULTS;
  }
  const parsed = configSchema.safeParse(parseToml(text));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const auth = parsed.data.auth ?? {};
  const d = GOTRUE_DEFAULTS;
  const rl = auth.rate_limit ?? {};
  return {
    siteUrl: auth.site_url ?? d.siteUrl,
    additionalRedirectUrls: auth.additional_redirect_urls ?? d.additionalRedirectUrls,
    rateLimits: {
      signInSignUps: rl.sign_in_sign_ups ?? d.rateLimits.signInSignUps,
      tokenRefresh: rl.token_refresh ?? d.rateLimits.tokenRefresh,
      tokenVerifications: rl.token_verifications ?? d.rateLimits.tokenVerifications,
      emailSent: rl.email_sent ?? d.rateLimits.emailSent,
      passwordAttemptsPerAddress: d.rateLimits.passwordAttemptsPerAddress,
      emailMaxFrequencySeconds: auth.email?.max_frequency ?? d.rateLimits.emailMaxFrequencySeconds,
    },
  };
}

export interface AuthConfigOverrides {
  siteUrl?: string | undefined;
  redirectAllowList?: string[] | undefined;
  rateLimits?: Partial<AuthRateLimits> | undefined;
}

/** config.toml, then whatever the server was started with. */
export function resolveAuthConfig(file: string, overrides: AuthConfigOverrides): AuthConfig {
  const base = loadAuthConfig(file);
  return {
    siteUrl: overrides.siteUrl ?? base.siteUrl,
    additionalRedirectUrls: overrides.redirectAllowList ?? base.additionalRedirectUrls,
    rateLimits: {
      ...base.rateLimits,
      ...Object.fromEntries(
        Object.entries(overrides.rateLimits ?? {}).filter(([, v]) => v !== undefined),
      ),
    },
  };
}
