import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { PolicyFormPage, TrackerProvider } from '@/features/tracker';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker/new')({
  component: NewPolicyRoute,
  head: () => ({ meta: [{ title: pageTitle('Add a New Policy') }] }),
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
