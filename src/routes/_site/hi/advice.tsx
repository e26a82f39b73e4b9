import { createFileRoute } from '@tanstack/react-router';
import { CallbackForm } from '@/features/callback';
import { loadAdviceText, localizedHead } from '@/features/content/guides';
import { AdvicePage } from '@/features/content/pages/advice-page';

export const Route = createFileRoute('/_site/hi/advice')({
  loader: () => loadAdviceText('hi'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function Advice() {
    return <AdvicePage callbackForm={<CallbackForm />} text={Route.useLoaderData().content} />;
  },
});
