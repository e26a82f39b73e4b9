import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isWithinDateRange } from '../schemas';

/**
 * What the tracker's form inputs hand over, made into what the entity schemas take: selects
 * and date pickers give null when empty, text and number inputs give ''. Shared by the
 * policy form and the payment forms so both read empties and typed numbers the same way.
 */

export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

export const requiredDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.iso
      .date({
        error: (issue) =>
          issue.input === undefined ? `${label} is required` : 'Use a valid date (YYYY-MM-DD)',
      })
      .refine(isWithinDateRange, DATE_RANGE_MESSAGE),
  );

/** '' (an emptied number input) is "not given"; numeric text from the input becomes a number. */
export const numberInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    const blank = blankToUndefined(v);
    if (typeof blank === 'string') {
      const n = Number(blank.replace(/,/g, ''));
      return Number.isNaN(n) ? blank : n;
    }
    return blank;
  }, schema);
