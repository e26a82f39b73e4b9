import { createFileRoute } from '@tanstack/react-router';
import { catalogTitle, loadCatalogPart } from '@/lib/i18n';
import { useAuth } from '@/features/auth';
import { TrackerProvider } from '@/features/tracker';
import { OutlookPage } from '@/features/tracker/outlook';

export const Route = createFileRoute('/_site/policy-tracker/outlook')({
  // The outlook's texts (and its chart's words) are not downloaded with the dashboard.
  loader: () => loadCatalogPart('outlook'),
  component: OutlookRoute,
  head: () => ({ meta: [{ title: catalogTitle('outlook.title') }] }),
});

function OutlookRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <OutlookPage />
    </TrackerProvider>
  );
}
