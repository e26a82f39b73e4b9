import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { HomePage } from '@/features/content/pages/home-page';
// Not the feature's index: that would pull every calculator into the app's entry chunk.
import { calculatorSearchSchema } from '@/features/calculators/calculator-tabs';
import { pageTitle } from '@/config/site';

// Below the fold, with react-hook-form behind it: loaded after the page's first paint.
const CalculatorsSection = lazy(() =>
  import('@/features/calculators').then((m) => ({ default: m.CalculatorsSection })),
);

export const Route = createFileRoute('/_site/')({
  validateSearch: calculatorSearchSchema,
  component: HomeRoute,
  head: () => ({ meta: [{ title: pageTitle('Insurance Guides, Calculators & Policy Tracker') }] }),
});

function HomeRoute() {
  const { calc } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomePage
      calculators={
        <Container size="lg" py="xl">
          {/* Holds the anchor and some height, so /#calculators lands and nothing jumps. */}
          <Suspense fallback={<div id="calculators" style={{ minHeight: 720 }} />}>
            <CalculatorsSection
              tab={calc}
              onTabChange={(tab) =>
                void navigate({ search: { calc: tab }, replace: true, resetScroll: false })
              }
            />
          </Suspense>
        </Container>
      }
    />
  );
}
