import { createFileRoute } from '@tanstack/react-router';
import { loadIntroText, localizedHead } from '@/features/content/guides';
import { PolicyTrackerIntroPage } from '@/features/content/pages/policy-tracker-intro-page';

export const Route = createFileRoute('/_site/policy-tracker-intro')({
  loader: () => loadIntroText('en'),
  head: ({ loaderData }) => localizedHead(loaderData),
  component: function PolicyTrackerIntroRoute() {
    const signedIn = Route.useRouteContext({ select: (context) => context.auth.user !== null });
    return <PolicyTrackerIntroPage signedIn={signedIn} text={Route.useLoaderData().content} />;
  },
});
