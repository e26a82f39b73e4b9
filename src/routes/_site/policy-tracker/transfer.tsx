import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { TrackerProvider } from '@/features/tracker';
import { TransferPage } from '@/features/transfer';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker/transfer')({
  component: TransferRoute,
  head: () => ({ meta: [{ title: pageTitle('Export and import') }] }),
});

function TransferRoute() {
  const { user, registerBeforeSignOut } = useAuth();
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  return (
    <TrackerProvider userId={user.id} registerBeforeSignOut={registerBeforeSignOut}>
      <TransferPage />
    </TrackerProvider>
  );
}
