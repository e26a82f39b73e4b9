import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/content/pages/home-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/')({
  component: HomePage,
  head: () => ({ meta: [{ title: pageTitle('Insurance Guides, Calculators & Policy Tracker') }] }),
});
