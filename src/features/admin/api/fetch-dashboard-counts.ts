import { call } from './call';
import { dashboardCountsSchema } from './schemas';

/** The dashboard tiles' numbers, counted by the database in one call (admin only). */
export function fetchDashboardCounts() {
  return call((db) => db.rpc('admin_dashboard_counts').single(), dashboardCountsSchema);
}
