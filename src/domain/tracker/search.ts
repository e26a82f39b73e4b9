// Its own module because the dashboard route's URL check loads with every page: kept apart from
// the filter functions, it does not bring the date code along.
import { z } from 'zod';

/** Status filter values as they appear in the URL (`?status=due-soon`). */
export const statusFilterValues = ['active', 'due-soon', 'lapsed'] as const;
export type StatusFilter = (typeof statusFilterValues)[number];

export const SEARCH_MAX_LENGTH = 100;

/**
 * The dashboard's search params. Anything unrecognised (a stale bookmark, a hand-edited URL)
 * falls back to "no filter" instead of an error page.
 */
export const dashboardSearchSchema = z.object({
  type: z.string().trim().min(1).max(100).optional().catch(undefined),
  status: z.enum(statusFilterValues).optional().catch(undefined),
  /** Free-text search; the search box allows no more than this, so longer is a hand edit. */
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH).optional().catch(undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
