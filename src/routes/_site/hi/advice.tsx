import { createFileRoute } from '@tanstack/react-router';
import { CallbackForm } from '@/features/callback';
import { loadAdviceText, localizedHead } from '@/features/content/guides';
import { AdvicePage } from '@/features/content/pages/advice-page';
import { loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/hi/advice')({
  // The form's texts are not in the catalog every page loads first.
  loader: async () => (await Promise.all([loadAdviceText('hi'), loadCatalogPart('callback')]))[0],
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function Advice() {
    return <AdvicePage callbackForm={<CallbackForm />} text={Route.useLoaderData().content} />;
  },
});
