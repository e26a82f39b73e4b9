import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { formatContentDate } from '../components/format-date';
import { useNewsList } from '../hooks/use-content';

export function NewsListPage() {
  const news = useNewsList();
  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Insurance News"
        subtitle="Updates on Bima Sugam, IRDAI rules and changes that affect your policies, explained simply."
      />
      {news.status === 'loading' ? (
        <ContentLoading label="Loading news..." />
      ) : news.status === 'unavailable' ? (
        <ContentUnavailable
          message="The news is not saved on this device yet."
          onRetry={news.retry}
        />
      ) : news.items.length === 0 ? (
        <Text c="dimmed">No news articles found.</Text>
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
                  {formatContentDate(article.created_at)}
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
                  Read article
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
