import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { ReminderSettingsPage } from '@/features/reminders/dashboard';
import { CalendarFeedPanel } from '@/features/tracker';
import { catalogTitle } from '@/lib/i18n';

export const Route = createFileRoute('/_site/policy-tracker/settings')({
  component: ReminderSettingsRoute,
  head: () => ({ meta: [{ title: catalogTitle('reminders.settings.title') }] }),
});

function ReminderSettingsRoute() {
  const { user } = useAuth();
  // The parent route's guard only renders this for a signed-in user.
  if (!user) return null;
  return (
    <ReminderSettingsPage userId={user.id}>
      <CalendarFeedPanel userId={user.id} />
    </ReminderSettingsPage>
  );
}
