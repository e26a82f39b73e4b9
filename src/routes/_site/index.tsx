import { Suspense, useEffect, useRef } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { HomePage } from '@/features/content/pages/home-page';
// Not the feature's index: that would pull every calculator into the app's entry chunk.
import { calculatorSearchSchema } from '@/features/calculators/calculator-tabs';
import { pageTitle } from '@/config/site';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useMounted } from '@/lib/client-only';
import { activeLocale, catalogTitle, loadCatalogPart } from '@/lib/i18n';

// Below the fold, with react-hook-form behind it: loaded only when the reader nears it, with
// its texts (not in the catalog every page loads first).
const CalculatorsSection = retryingLazy(() =>
  Promise.all([import('@/features/calculators'), loadCatalogPart('calculators')]).then(([m]) => ({
    default: m.CalculatorsSection,
  })),
);

export const Route = createFileRoute('/_site/')({
  validateSearch: calculatorSearchSchema,
  component: HomeRoute,
  // The spec's English title; in Hindi the page's heading, since the catalog every page loads
  // first has no room for a title of its own (issue 22's budget).
  head: () => ({
    meta: [
      {
        title:
          activeLocale() === 'hi'
            ? catalogTitle('home.title')
            : pageTitle('Insurance Guides, Calculators & Policy Tracker'),
      },
    ],
  }),
});

/**
 * Mounted with the calculators (same Suspense boundary), so it runs once their code has loaded
 * and the section has its real height: a link to /#calculators lands on the calculator itself,
 * not on the placeholder that stood there before.
 */
function ScrollToCalculators() {
  useEffect(() => {
    document.getElementById('calculators')?.scrollIntoView({ block: 'start' });
  }, []);
  return null;
}

function HomeRoute() {
  const { calc } = Route.useSearch();
  const navigate = Route.useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const placeholderRef = useRef<HTMLDivElement>(null);
  // Opened at a calculator (a tab in the address, or the #calculators link): load it at once.
  // Otherwise on the first scroll towards it: on a phone it starts just below the fold, and a
  // reader who only wants the guides never pays for the calculators' code.
  const near = useNearViewport(placeholderRef, {
    eager: calc !== undefined || hash === 'calculators',
    margin: '200px',
  });
  // The pre-rendered page and the render that hydrates it both show the placeholder.
  const mounted = useMounted();
  // Holds the anchor and some height, so /#calculators lands and nothing below it jumps.
  const placeholder = <div id="calculators" ref={placeholderRef} style={{ minHeight: 720 }} />;
  return (
    <HomePage
      calculators={
        <Container size="lg" py="xl">
          {mounted && near ? (
            <Suspense fallback={placeholder}>
              <CalculatorsSection
                tab={calc}
                onTabChange={(tab) =>
                  void navigate({ search: { calc: tab }, replace: true, resetScroll: false })
                }
              />
              {hash === 'calculators' ? <ScrollToCalculators /> : null}
            </Suspense>
          ) : (
            placeholder
          )}
        </Container>
      }
    />
  );
}
