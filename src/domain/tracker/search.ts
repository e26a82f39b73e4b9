// Its own module because the dashboard route's URL check loads with every page: kept apart from
// the filter functions, it does not bring the date code along; and zod/mini, not the full zod.
import { z } from 'zod/mini';

/** Status filter values as they appear in the URL (`?status=due-soon`). */
export const statusFilterValues = ['active', 'due-soon', 'lapsed'] as const;
export type StatusFilter = (typeof statusFilterValues)[number];

/**
 * Whose policies the dashboard shows (`?whose=shared`): the user's own, those shared with
 * them (issue 18); absent means all.
 */
export const whoseFilterValues = ['mine', 'shared'] as const;
export type WhoseFilter = (typeof whoseFilterValues)[number];

export const SEARCH_MAX_LENGTH = 100;

/** A trimmed, non-empty text param of at most `max` characters; anything else is no value. */
export function optionalText(max: number) {
  return z.catch(
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))),
    undefined,
  );
}

/**
 * The dashboard's search params. Anything unrecognised (a stale bookmark, a hand-edited URL)
 * falls back to "no filter" instead of an error page.
 */
export const dashboardSearchSchema = z.object({
  type: optionalText(100),
  status: z.catch(z.optional(z.enum(statusFilterValues)), undefined),
  /** Free-text search; the search box allows no more than this, so longer is a hand edit. */
  q: optionalText(SEARCH_MAX_LENGTH),
  whose: z.catch(z.optional(z.enum(whoseFilterValues)), undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
