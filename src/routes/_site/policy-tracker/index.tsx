import { createFileRoute } from '@tanstack/react-router';
import { dashboardSearchSchema, type DashboardFilters } from '@/domain/tracker';
import { useAuth } from '@/features/auth';
import { DashboardPage, TrackerProvider } from '@/features/tracker';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker/')({
  validateSearch: dashboardSearchSchema,
  component: DashboardRoute,
  head: () => ({ meta: [{ title: pageTitle('Policy Dashboard') }] }),
});

function DashboardRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  const onFiltersChange = (next: DashboardFilters) => {
    // Filters replace the entry: Back leaves the dashboard instead of undoing each click.
    void navigate({ search: { type: next.type, status: next.status }, replace: true });
  };
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <DashboardPage filters={filters} onFiltersChange={onFiltersChange} />
    </TrackerProvider>
  );
}
