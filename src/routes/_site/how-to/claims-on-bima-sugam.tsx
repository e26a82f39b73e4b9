import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/how-to/claims-on-bima-sugam')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Claims on Bima Sugam" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Claims on Bima Sugam') }] }),
});
