import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@/components/layout';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/$')({
  component: NotFound,
  head: () => ({ meta: [{ title: pageTitle('Page not found') }] }),
});
