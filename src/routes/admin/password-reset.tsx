import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/password-reset')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Change Password" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Change Password') }] }),
});
