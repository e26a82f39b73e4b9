import { z } from 'zod';

/**
 * Any 8-4-4-4-12 hex id. Deliberately not z.uuid(): that one insists on an RFC version and
 * variant, while Postgres accepts (and our seeds and tests use) any hex id. Ids made on
 * devices come from crypto.randomUUID() and pass either way.
 */
export const idSchema = z.guid();

/** The dates the database accepts on a policy (its 1900–2999 checks refuse the rest). */
export const DATE_RANGE = { earliest: '1900-01-01', latest: '2999-12-31' } as const;
export const DATE_RANGE_MESSAGE = 'Use a date between the years 1900 and 2999';

/** ISO dates compare as text; a date outside the range is refused here, not at sync. */
export const isWithinDateRange = (date: string): boolean =>
  date >= DATE_RANGE.earliest && date <= DATE_RANGE.latest;

/** Calendar date as stored in a Postgres `date` column: `YYYY-MM-DD`, a real day. */
export const isoDateSchema = z.iso
  .date({ error: 'Use a valid date (YYYY-MM-DD)' })
  .refine(isWithinDateRange, DATE_RANGE_MESSAGE);

/** A `timestamptz` as PostgREST and to_jsonb() render it, e.g. 2025-10-23T04:30:00.123+00:00. */
export const timestampSchema = z.iso.datetime({ offset: true });

/**
 * Required text: trimmed, then 1..max characters, the same bounds as the SQL checks
 * `char_length(btrim(col)) between 1 and max`.
 */
export function requiredText(max: number, label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/**
 * Optional text: null when absent or blank (forms save empty fields as null, spec §5),
 * otherwise trimmed and at most max characters.
 */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
}

/**
 * An optional field added after the first release (the policy's contacts): trimmed, at most
 * max characters, blank saved as null; when the input leaves it out it stays out, so a form
 * or device that does not know the field never clears a value set elsewhere.
 */
export function keptOptionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/**
 * Phone numbers as people write Indian helplines and mobiles (1800-425-2255,
 * +91 98765 43210): digits in groups separated by one space or hyphen, an optional leading
 * +, 3 to 20 characters. The same rule as the SQL checks on policies.
 */
export const PHONE_PATTERN = /^\+?[0-9]+(?:[ -][0-9]+)*$/;
export const PHONE_MAX_LENGTH = 20;

/**
 * What is wrong with a typed phone number, said so the user knows what to change; null when
 * it is fine. The rule is PHONE_PATTERN and 3 to PHONE_MAX_LENGTH characters.
 */
export function phoneProblem(phone: string, label: string): string | null {
  if (phone.length > PHONE_MAX_LENGTH) {
    return `${label} must be at most ${PHONE_MAX_LENGTH} characters`;
  }
  if (/[^0-9 +-]/.test(phone)) {
    return `${label} can only have digits, spaces, hyphens and a + at the start, e.g. 1800-425-2255`;
  }
  if (phone.length < 3) return `${label} is too short: enter the whole number, e.g. 1800-425-2255`;
  if (!PHONE_PATTERN.test(phone)) {
    return `${label}: put one space or hyphen between groups of digits, e.g. +91 98765 43210`;
  }
  return null;
}

export function keptOptionalPhone(label: string) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : phoneProblem(v, label);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** Non-negative money amount below the numeric(p, 2) ceiling of its column; null if absent. */
export function optionalAmount(maxExclusive: number, label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .nonnegative({ error: `${label} cannot be negative` })
    .lt(maxExclusive, { error: `${label} is too large` })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? null : v));
}

/** Slugs as the editors derive them from titles: lower case, word characters and hyphens. */
export const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, { error: 'Slug is required' })
  .max(200, { error: 'Slug must be at most 200 characters' })
  .regex(/^[a-z0-9_-]+$/, {
    error: 'Slug may contain only lower-case letters, digits, hyphens and underscores',
  });

/** Sync bookkeeping columns shared by policies, people, policy_members and policy_types. */
export const syncColumns = {
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** Tombstone: rows are never removed while their owner exists; readers filter on this. */
  deleted_at: timestampSchema.nullable(),
  server_seq: z.number().int().nonnegative(),
};
