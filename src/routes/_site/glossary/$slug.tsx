import { createFileRoute } from '@tanstack/react-router';
import { GlossaryTermPage } from '@/features/content/pages/glossary-term-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/glossary/$slug')({
  component: GlossaryTermRoute,
  head: () => ({
    meta: [
      { title: pageTitle('Insurance Glossary') },
      { name: 'description', content: 'An insurance term explained in plain language.' },
    ],
  }),
});

function GlossaryTermRoute() {
  const { slug } = Route.useParams();
  return <GlossaryTermPage key={slug} slug={slug} />;
}
