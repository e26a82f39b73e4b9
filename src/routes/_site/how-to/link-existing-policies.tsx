import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/how-to/link-existing-policies')({
  component: () => (
    <Container size="md" py="xl">
      <PageHeader title="How to Link Existing Policies" />
    </Container>
  ),
  head: () => ({ meta: [{ title: pageTitle('How to Link Existing Policies') }] }),
});
