import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/password-reset')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Reset Password" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Reset Password') }] }),
});
