import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { useNewsList } from '../hooks/use-content';

export function NewsListPage() {
  const news = useNewsList();
  const t = useT();
  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('content.news.title')} subtitle={t('content.news.subtitle')} />
      {news.status === 'loading' ? (
        <ContentLoading label={t('content.news.loading')} />
      ) : news.status === 'unavailable' ? (
        <ContentUnavailable message={t('content.news.unavailable')} onRetry={news.retry} />
      ) : news.items.length === 0 ? (
        <Text c="dimmed">{t('content.news.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {news.items.map((article) => (
            <Card
              key={article.id}
              renderRoot={(props) => (
                <Link to="/news/$slug" params={{ slug: article.slug }} {...props} />
              )}
              withBorder
              radius="lg"
              padding="lg"
            >
              <Stack gap="xs">
                <Text component="time" dateTime={article.created_at} fz="sm" c="dimmed">
                  {formatDate(article.created_at, 'published')}
                </Text>
                <Title order={2} fz="lg">
                  {article.title}
                </Title>
                {article.excerpt ? (
                  <Text fz="sm" c="dimmed" lineClamp={4}>
                    {article.excerpt}
                  </Text>
                ) : null}
                <Text fz="sm" fw={600} c="teal.9" td="underline">
                  {t('content.news.read')}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
