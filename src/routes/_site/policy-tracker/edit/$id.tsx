import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { PolicyFormPage, TrackerProvider } from '@/features/tracker';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker/edit/$id')({
  component: EditPolicyRoute,
  head: () => ({ meta: [{ title: pageTitle('Edit Policy') }] }),
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
