import { createFileRoute } from '@tanstack/react-router';
import { loadGuide, localizedHead } from '@/features/content/guides';
import { GuideView } from '@/features/content/guides/guide-view';

export const Route = createFileRoute('/_site/how-to/link-existing-policies')({
  loader: () => loadGuide('/how-to/link-existing-policies', 'en'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function Guide() {
    return <GuideView page={Route.useLoaderData()} />;
  },
});
