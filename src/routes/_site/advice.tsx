import { createFileRoute } from '@tanstack/react-router';
import { AdvicePage } from '@/features/content/pages/advice-page';
import { CallbackForm } from '@/features/callback';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/advice')({
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
