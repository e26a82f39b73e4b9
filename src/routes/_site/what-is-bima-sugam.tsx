import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/what-is-bima-sugam')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="What is Bima Sugam?" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('What is Bima Sugam?') }] }),
});
