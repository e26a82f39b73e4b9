import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/advice')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Get Expert Advice" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Get Expert Advice') }] }),
});
