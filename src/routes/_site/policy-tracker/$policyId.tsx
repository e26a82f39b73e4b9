import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { PolicyDocumentsSection } from '@/features/documents';
import { PolicyPage, PolicyPayments, TrackerProvider } from '@/features/tracker';
import { PolicySharingSection } from '@/features/sharing';
import { catalogTitle } from '@/lib/i18n';

// Signed-in only through the parent route's guard (policy-tracker/route.tsx), as the dashboard.
export const Route = createFileRoute('/_site/policy-tracker/$policyId')({
  component: PolicyRoute,
  head: () => ({ meta: [{ title: catalogTitle('tracker.page.details') }] }),
});

function PolicyRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  const { policyId } = Route.useParams();
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <PolicyPage
        key={policyId}
        policyId={policyId}
        documents={<PolicyDocumentsSection policyId={policyId} />}
        payments={<PolicyPayments policyId={policyId} />}
        sharing={<PolicySharingSection policyId={policyId} userId={user.id} />}
      />
    </TrackerProvider>
  );
}
