import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { HomePage } from '@/features/content/pages/home-page';
import { CalculatorsSection, calculatorSearchSchema } from '@/features/calculators';
import { pageTitle } from '@/config/site';

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
          <CalculatorsSection
            tab={calc}
            onTabChange={(tab) =>
              void navigate({ search: { calc: tab }, replace: true, resetScroll: false })
            }
          />
        </Container>
      }
    />
  );
}
