import { Accordion, Container, Stack, Text } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { useT } from '@/lib/use-i18n';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { PlainTextBody } from '../components/rich-text';
import { Rich } from '../guides/rich';
import { useFaqs } from '../hooks/use-content';

export function FaqPage() {
  const faqs = useFaqs();
  const t = useT();
  return (
    <Container size="md" py="xl">
      <PageHeader title={t('content.faq.title')} subtitle={t('content.faq.subtitle')} />
      <Stack gap="xl">
        {faqs.status === 'loading' ? (
          <ContentLoading label={t('content.faq.loading')} />
        ) : faqs.status === 'unavailable' ? (
          <ContentUnavailable message={t('content.faq.unavailable')} onRetry={faqs.retry} />
        ) : faqs.items.length === 0 ? (
          <Text c="dimmed">{t('content.faq.empty')}</Text>
        ) : (
          // Default Mantine behaviour is what the spec asks for: one item open at a time, and
          // clicking the open item closes it again.
          <Accordion variant="separated" radius="md" order={2}>
            {faqs.items.map((faq) => (
              <Accordion.Item key={faq.id} value={faq.id}>
                <Accordion.Control>{faq.question}</Accordion.Control>
                <Accordion.Panel>
                  <PlainTextBody text={faq.answer} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <Text>
          <Rich text={t('content.faq.more')} />
        </Text>
      </Stack>
    </Container>
  );
}
