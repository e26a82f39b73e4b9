import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/')({
  component: DashboardPage,
  head: () => ({ meta: [{ title: pageTitle('Admin Dashboard') }] }),
});
