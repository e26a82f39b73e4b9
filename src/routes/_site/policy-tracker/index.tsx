import { useCallback, useMemo } from 'react';
import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { dashboardSearchSchema, type DashboardFilters } from '@/domain/tracker';
import { useAuth } from '@/features/auth';
import { DashboardPage, TrackerProvider } from '@/features/tracker';
import { DueSoonPanel, PolicyHighlighter, RemindMePanel } from '@/features/reminders/dashboard';
import { pageTitle } from '@/config/site';

// ?highlight=<policy id>: a reminder (notification or the due-soon list) opened this policy.
const searchSchema = dashboardSearchSchema.extend({
  highlight: z.string().trim().min(1).max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/_site/policy-tracker/')({
  validateSearch: searchSchema,
  component: DashboardRoute,
  head: () => ({ meta: [{ title: pageTitle('Policy Dashboard') }] }),
});

function DashboardRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  const { highlight, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const highlighted = useCallback(() => {
    // The card stays marked for a moment; a reload should not scroll to it again.
    void navigate({ search: (prev) => ({ ...prev, highlight: undefined }), replace: true });
  }, [navigate]);
  const userId = user?.id;
  // Made once per user: a filter change re-renders this route, and a new element would redraw
  // the reminder panels (a row per due policy) with every change of the dashboard's filters.
  const aside = useMemo(
    () =>
      userId === undefined ? null : (
        <Stack gap="md">
          <DueSoonPanel userId={userId} />
          <RemindMePanel userId={userId} />
        </Stack>
      ),
    [userId],
  );
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  const onFiltersChange = (next: DashboardFilters) => {
    // Filters replace the entry: Back leaves the dashboard instead of undoing each click.
    void navigate({ search: { type: next.type, status: next.status }, replace: true });
  };
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <DashboardPage filters={filters} onFiltersChange={onFiltersChange} aside={aside} />
      <PolicyHighlighter policyId={highlight} onDone={highlighted} />
    </TrackerProvider>
  );
}
