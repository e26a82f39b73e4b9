import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BackLink } from '@/components/ui/back-link';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { PlainTextBody } from '../components/rich-text';
import { useGlossaryTerm } from '../hooks/use-content';

export function GlossaryTermPage({ slug }: { slug: string }) {
  const result = useGlossaryTerm(slug);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackLink to="/glossary" label="Back to Glossary" />
        {result.status === 'loading' ? (
          <ContentLoading label="Loading term..." />
        ) : result.status === 'found' ? (
          <Stack component="article" gap="lg">
            <Title order={1}>{result.item.term}</Title>
            <section>
              <Title order={2} fz="xl" mb="xs">
                Definition
              </Title>
              <PlainTextBody text={result.item.definition} />
            </section>
            {result.item.context ? (
              <section>
                <Title order={2} fz="xl" mb="xs">
                  Context
                </Title>
                <PlainTextBody text={result.item.context} />
              </section>
            ) : null}
          </Stack>
        ) : result.status === 'unavailable' ? (
          <ContentUnavailable
            asPageTitle
            message="This term is not saved on this device yet."
            onRetry={result.retry}
          />
        ) : (
          <Stack component="article" gap="lg">
            <Title order={1}>Term Not Found</Title>
            <section>
              <Title order={2} fz="xl" mb="xs">
                Definition
              </Title>
              <Text>This term does not have a definition yet.</Text>
            </section>
          </Stack>
        )}
        <Text fz="sm" c="dimmed">
          Have a question this glossary does not answer? See the{' '}
          <Anchor component={Link} to="/faq">
            FAQ
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/advice">
            ask an advisor
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
