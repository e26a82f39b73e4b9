import { createFileRoute } from '@tanstack/react-router';
import { GlossaryListPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/glossary/')({
  component: GlossaryListPage,
  head: () => ({ meta: [{ title: pageTitle('Glossary') }] }),
});
