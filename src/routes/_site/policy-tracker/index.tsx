import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker/')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Policy Dashboard" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Policy Dashboard') }] }),
});
