import type { ReactNode } from 'react';
import { Anchor, Container, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
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
        <Anchor
          renderRoot={(props) => <Link {...props} to="/policy-tracker" />}
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
        >
          <IconArrowLeft size={16} aria-hidden />
          Back to Policy Dashboard
        </Anchor>
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
