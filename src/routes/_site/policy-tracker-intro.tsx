import { createFileRoute } from '@tanstack/react-router';
import { PolicyTrackerIntroPage } from '@/features/content/pages/policy-tracker-intro-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/policy-tracker-intro')({
  component: PolicyTrackerIntroRoute,
  head: () => ({
    meta: [
      { title: pageTitle('Insurance Policy Tracker') },
      {
        name: 'description',
        content:
          'A free tracker for every insurance policy: vehicle, health, ULIP, term and custom types, with live renewal counters and family members.',
      },
    ],
  }),
});

function PolicyTrackerIntroRoute() {
  const signedIn = Route.useRouteContext({ select: (context) => context.auth.user !== null });
  return <PolicyTrackerIntroPage signedIn={signedIn} />;
}
