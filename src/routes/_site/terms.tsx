import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/terms')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="Terms of Use" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('Terms of Use') }] }),
});
