import type { ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { BackLink } from './back-link';
import { PageHeader } from './page-header';

/** A page under the Policy Dashboard: the way back, its title and what it is for, then its content. */
export function DashboardSubpage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <BackLink to="/policy-tracker" label="Back to Policy Dashboard" />
        <PageHeader title={title} subtitle={subtitle} compact />
        {children}
      </Stack>
    </Container>
  );
}
