import { Container, Stack, Text, Title } from '@mantine/core';
import { BackLink } from '@/components/ui/back-link';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { formatContentDate } from '../components/format-date';
import { PlainTextBody } from '../components/rich-text';
import { useNewsArticle } from '../hooks/use-content';

export function NewsArticlePage({ slug }: { slug: string }) {
  const result = useNewsArticle(slug);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackLink to="/news" label="Back to News" />
        {result.status === 'loading' ? (
          <ContentLoading label="Loading article..." />
        ) : result.status === 'found' ? (
          <Stack component="article" gap="lg">
            <Stack gap="xs">
              <Title order={1}>{result.item.title}</Title>
              <Text component="time" dateTime={result.item.created_at} c="dimmed">
                {formatContentDate(result.item.created_at)}
              </Text>
            </Stack>
            <PlainTextBody text={result.item.content} />
          </Stack>
        ) : result.status === 'unavailable' ? (
          <ContentUnavailable
            asPageTitle
            message="This article is not saved on this device yet."
            onRetry={result.retry}
          />
        ) : (
          <Stack gap="sm">
            <Title order={1}>Article not found</Title>
            <Text c="dimmed">
              The article you are looking for does not exist or has been removed.
            </Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
