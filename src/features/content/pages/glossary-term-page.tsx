import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { BackLink } from '@/components/ui/back-link';
import { useT } from '@/lib/use-i18n';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { PlainTextBody } from '../components/rich-text';
import { Rich } from '../guides/rich';
import { useGlossaryTerm } from '../hooks/use-content';

function TermSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} fz="xl" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function TermArticle({
  term,
  definition,
  context = null,
}: {
  term: string;
  definition: ReactNode;
  context?: ReactNode;
}) {
  const t = useT();
  return (
    <Stack component="article" gap="lg">
      <Title order={1}>{term}</Title>
      <TermSection title={t('content.glossary.definition')}>{definition}</TermSection>
      {context ? <TermSection title={t('content.glossary.context')}>{context}</TermSection> : null}
    </Stack>
  );
}

export function GlossaryTermPage({ slug }: { slug: string }) {
  const result = useGlossaryTerm(slug);
  const t = useT();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackLink to="/glossary" label={t('content.glossary.back')} />
        {result.status === 'loading' ? (
          <ContentLoading label={t('content.glossary.loadingTerm')} />
        ) : result.status === 'found' ? (
          <TermArticle
            term={result.item.term}
            definition={<PlainTextBody text={result.item.definition} />}
            context={result.item.context ? <PlainTextBody text={result.item.context} /> : null}
          />
        ) : result.status === 'unavailable' ? (
          <ContentUnavailable
            asPageTitle
            message={t('content.glossary.termUnavailable')}
            onRetry={result.retry}
          />
        ) : (
          <TermArticle
            term={t('content.glossary.termNotFound')}
            definition={<Text>{t('content.glossary.noDefinition')}</Text>}
          />
        )}
        <Text fz="sm" c="dimmed">
          <Rich text={t('content.glossary.more')} />
        </Text>
      </Stack>
    </Container>
  );
}
