import type { ReactNode } from 'react';
import { Container, Stack } from '@mantine/core';
import { useT } from '@/lib/use-i18n';
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
  const t = useT();
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {/* Its pages are the tracker's: the tracker's catalog part is loaded. */}
        <BackLink to="/policy-tracker" label={t('tracker.page.back')} />
        <PageHeader title={title} subtitle={subtitle} compact />
        {children}
      </Stack>
    </Container>
  );
}
