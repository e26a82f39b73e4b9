import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

type Rejection = readonly [field: string, value: string | number, message: string];

/**
 * The one shape of a calculator form's schema test: a valid form parses to these numbers, and
 * each bad value is refused on its own field with its message (and nothing else).
 */
export function describeFormSchema(
  name: string,
  schema: z.ZodType,
  cases: {
    valid: Record<string, string | number>;
    parses: { title: string; to: Record<string, number> };
    rejects: readonly Rejection[];
  },
) {
  describe(name, () => {
    it(cases.parses.title, () => {
      expect(schema.parse(cases.valid)).toEqual(cases.parses.to);
    });

    it.each(cases.rejects)('rejects %s = %j', (field, value, message) => {
      const result = schema.safeParse({ ...cases.valid, [field]: value });
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
    });
  });
}
