import { Accordion, Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ContentLoading } from '../components/content-loading';
import { ContentUnavailable } from '../components/content-unavailable';
import { PlainTextBody } from '../components/rich-text';
import { useFaqs } from '../hooks/use-content';

export function FaqPage() {
  const faqs = useFaqs();
  return (
    <Container size="md" py="xl">
      <PageHeader
        title="Frequently Asked Questions"
        subtitle="Quick answers about Bima Sugam, buying a policy, renewals and claims."
      />
      <Stack gap="xl">
        {faqs.status === 'loading' ? (
          <ContentLoading label="Loading questions..." />
        ) : faqs.status === 'unavailable' ? (
          <ContentUnavailable
            message="The questions are not saved on this device yet."
            onRetry={faqs.retry}
          />
        ) : faqs.items.length === 0 ? (
          <Text c="dimmed">No FAQs found.</Text>
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
          Still unsure? Read our{' '}
          <Anchor component={Link} to="/what-is-bima-sugam">
            guide to Bima Sugam
          </Anchor>
          , look a word up in the{' '}
          <Anchor component={Link} to="/glossary">
            glossary
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/advice">
            request a free callback
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
