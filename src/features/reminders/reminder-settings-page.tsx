import type { ReactNode } from 'react';
import { DashboardSubpage } from '@/components/ui/dashboard-subpage';
import { useT } from '@/lib/use-i18n';
import { RemindMePanel } from './remind-me-panel';

/**
 * Reminder settings, a page of their own: on the dashboard they pushed a phone's first policy
 * off the screen (issue 16). Reached from the dashboard and the account menu. `children` are
 * other features' reminder settings (the calendar feed), composed in by the route.
 */
export function ReminderSettingsPage({
  userId,
  children,
}: {
  userId: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <DashboardSubpage
      title={t('reminders.settings.title')}
      subtitle={t('reminders.settings.subtitle')}
    >
      <RemindMePanel userId={userId} />
      {children}
    </DashboardSubpage>
  );
}
