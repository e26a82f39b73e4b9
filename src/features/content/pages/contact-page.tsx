import { Anchor, Button, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconClock, IconMail, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { BookCallButton, ChatButton } from '../components/contact-buttons';
import { IconCard } from '../components/icon-card';
import type { ContactText } from '../guides/page-texts';
import { Rich } from '../guides/rich';

export function ContactPage({ text }: { text: ContactText }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Container size="md" py="xl">
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <IconCard icon={IconBrandWhatsapp} title={text.chat.title} order={2}>
          <Text fz="sm" c="dimmed">
            {text.chat.text}
          </Text>
          <ChatButton />
        </IconCard>
        <IconCard icon={IconMail} title={text.email.title} order={2}>
          <Text fz="sm" c="dimmed">
            {text.email.text}
          </Text>
          <Anchor href={`mailto:${site.contact.email}`} fw={600}>
            {site.contact.email}
          </Anchor>
        </IconCard>
        {[
          { icon: IconMapPin, fact: t('site.location'), card: text.location },
          { icon: IconClock, fact: t('site.hours'), card: text.hours },
        ].map(({ icon, fact, card }) => (
          <IconCard key={card.title} icon={icon} title={card.title} order={2}>
            <Text>{fact}</Text>
            <Text fz="sm" c="dimmed">
              {card.text}
            </Text>
          </IconCard>
        ))}
      </SimpleGrid>

      <Card withBorder radius="lg" padding="xl" mt="xl" bg="teal.0">
        <Title order={2} fz="xl" mb="xs">
          {text.call.title}
        </Title>
        <Text mb="md">{text.call.text}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <BookCallButton />
          <Button component={Link} to={localePath('/advice')} variant="outline">
            {text.call.callback}
          </Button>
        </SimpleGrid>
      </Card>

      <Text fz="sm" c="dimmed" mt="xl">
        <Rich text={text.footnote} />
      </Text>
    </Container>
  );
}
