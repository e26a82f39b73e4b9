import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { TrackerProvider } from '@/features/tracker';
import { TransferPage } from '@/features/transfer';
import { catalogTitle } from '@/lib/i18n';

export const Route = createFileRoute('/_site/policy-tracker/transfer')({
  component: TransferRoute,
  head: () => ({ meta: [{ title: catalogTitle('transfer.title') }] }),
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
