import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { PolicyFormPage, TrackerProvider } from '@/features/tracker';
import { catalogTitle } from '@/lib/i18n';

export const Route = createFileRoute('/_site/policy-tracker/edit/$id')({
  component: EditPolicyRoute,
  head: () => ({ meta: [{ title: catalogTitle('tracker.form.editTitle') }] }),
});

function EditPolicyRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  const { id } = Route.useParams();
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <PolicyFormPage key={id} policyId={id} />
    </TrackerProvider>
  );
}
