import type { ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
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
    <Container size="md" py="xl">
      <Stack gap="md">
        <BackLink to="/policy-tracker" label="Back to Policy Dashboard" />
        <PageHeader
          title="Reminder settings"
          subtitle="Choose whether this device reminds you of renewals, and how many days before."
          compact
        />
        <RemindMePanel userId={userId} />
        {children}
      </Stack>
    </Container>
  );
}
