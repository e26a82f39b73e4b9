import type { ReactNode } from 'react';
import { DashboardSubpage } from '@/components/ui/dashboard-subpage';
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
  return (
    <DashboardSubpage
      title="Reminder settings"
      subtitle="Choose whether this device reminds you of renewals, and how many days before."
    >
      <RemindMePanel userId={userId} />
      {children}
    </DashboardSubpage>
  );
}
