import { Container, Stack, Text, Title } from '@mantine/core';
import { BackLink } from '@/components/ui/back-link';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { PlainTextBody } from '../components/rich-text';
import { useNewsArticle } from '../hooks/use-content';

export function NewsArticlePage({ slug }: { slug: string }) {
  const result = useNewsArticle(slug);
  const t = useT();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <BackLink to="/news" label={t('content.news.back')} />
        {result.status === 'loading' ? (
          <ContentLoading label={t('content.news.loadingArticle')} />
        ) : result.status === 'found' ? (
          <Stack component="article" gap="lg">
            <Stack gap="xs">
              <Title order={1}>{result.item.title}</Title>
              <Text component="time" dateTime={result.item.created_at} c="dimmed">
                {formatDate(result.item.created_at, 'published')}
              </Text>
            </Stack>
            <PlainTextBody text={result.item.content} />
          </Stack>
        ) : result.status === 'unavailable' ? (
          <ContentUnavailable
            asPageTitle
            message={t('content.news.articleUnavailable')}
            onRetry={result.retry}
          />
        ) : (
          <Stack gap="sm">
            <Title order={1}>{t('content.news.notFound')}</Title>
            <Text c="dimmed">{t('content.news.notFoundText')}</Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
