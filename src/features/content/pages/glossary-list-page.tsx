import { Anchor, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useT } from '@/lib/use-i18n';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { useGlossaryList, type GlossarySummary } from '../hooks/use-content';

interface LetterGroup {
  letter: string;
  terms: GlossarySummary[];
}

/** Terms arrive sorted A to Z; consecutive terms sharing a first letter form one group. */
function groupByLetter(terms: GlossarySummary[]): LetterGroup[] {
  const groups: LetterGroup[] = [];
  for (const term of terms) {
    const first = term.term.trim().charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    const last = groups.at(-1);
    if (last && last.letter === letter) last.terms.push(term);
    else groups.push({ letter, terms: [term] });
  }
  return groups;
}

export function GlossaryListPage() {
  const glossary = useGlossaryList();
  const t = useT();
  const groups = groupByLetter(glossary.status === 'ready' ? glossary.items : []);
  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('content.glossary.title')} subtitle={t('content.glossary.subtitle')} />
      {glossary.status === 'loading' ? (
        <ContentLoading label={t('content.glossary.loading')} />
      ) : glossary.status === 'unavailable' ? (
        <ContentUnavailable message={t('content.glossary.unavailable')} onRetry={glossary.retry} />
      ) : groups.length === 0 ? (
        <Text c="dimmed">{t('content.glossary.empty')}</Text>
      ) : (
        <Stack gap="xl">
          {groups.length > 1 ? (
            <Group gap="xs" component="nav" aria-label={t('content.glossary.jump')}>
              {groups.map((group) => (
                <Anchor key={group.letter} href={`#letter-${group.letter}`} fw={700} px={4}>
                  {group.letter}
                </Anchor>
              ))}
            </Group>
          ) : null}
          {groups.map((group) => (
            <section key={group.letter} aria-labelledby={`letter-${group.letter}`}>
              <Title order={2} id={`letter-${group.letter}`} mb="sm" c="teal.9">
                {group.letter}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {group.terms.map((term) => (
                  <Card
                    key={term.id}
                    renderRoot={(props) => (
                      <Link to="/glossary/$slug" params={{ slug: term.slug }} {...props} />
                    )}
                    withBorder
                    radius="md"
                    padding="md"
                  >
                    <Text fw={700}>{term.term}</Text>
                    <Text fz="sm" c="dimmed" lineClamp={2}>
                      {term.definition}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}
    </Container>
  );
}
