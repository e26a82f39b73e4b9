import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { PolicyFormPage, TrackerProvider } from '@/features/tracker';
import { catalogTitle } from '@/lib/i18n';

export const Route = createFileRoute('/_site/policy-tracker/new')({
  component: NewPolicyRoute,
  head: () => ({ meta: [{ title: catalogTitle('tracker.form.addTitle') }] }),
});

function NewPolicyRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <PolicyFormPage />
    </TrackerProvider>
  );
}
