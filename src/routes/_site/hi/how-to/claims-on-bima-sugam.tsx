import { createFileRoute } from '@tanstack/react-router';
import { loadGuide, localizedHead } from '@/features/content/guides';
import { GuideView } from '@/features/content/guides/guide-view';

export const Route = createFileRoute('/_site/hi/how-to/claims-on-bima-sugam')({
  loader: () => loadGuide('/how-to/claims-on-bima-sugam', 'hi'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function Guide() {
    return <GuideView page={Route.useLoaderData()} />;
  },
});
