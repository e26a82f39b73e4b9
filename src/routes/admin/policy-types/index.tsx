import { createFileRoute } from '@tanstack/react-router';
import { PolicyTypesPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/policy-types/')({
  component: PolicyTypesPage,
  head: () => ({ meta: [{ title: pageTitle('Policy Types') }] }),
});
