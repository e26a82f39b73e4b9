import { createFileRoute } from '@tanstack/react-router';
import { AdvicePage } from '@/features/content/pages/advice-page';
import { CallbackForm } from '@/features/callback';
import { pageTitle } from '@/config/site';
import { loadCatalogPart } from '@/lib/i18n';

export const Route = createFileRoute('/_site/advice')({
  // The form's texts are not in the catalog every page loads first.
  loader: () => loadCatalogPart('callback'),
  component: AdviceRoute,
  head: () => ({
    meta: [
      { title: pageTitle('Get Expert Advice') },
      {
        name: 'description',
        content:
          'Talk to a licensed insurance advisor: chat, book a call or request a free callback about health, term or motor insurance.',
      },
    ],
  }),
});

function AdviceRoute() {
  return <AdvicePage callbackForm={<CallbackForm />} />;
}
