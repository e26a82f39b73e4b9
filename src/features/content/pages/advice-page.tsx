import type { ReactNode } from 'react';
import { Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useBrokerNote } from '@/components/credentials';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { useClientToday } from '@/lib/client-only';
import { useT } from '@/lib/use-i18n';
import { BookCallButton, ChatButton } from '../components/contact-buttons';
import { CredentialCards } from '../components/credential-cards';
import { Bullets } from '../components/guide';
import type { AdviceText } from '../guides/page-texts';
import { Rich } from '../guides/rich';

/** The callback form comes from its own feature and is passed in by the route. */
export function AdvicePage({ callbackForm, text }: { callbackForm: ReactNode; text: AdviceText }) {
  const today = useClientToday();
  const t = useT();
  const brokerNote = useBrokerNote(today);
  return (
    <Container size="md" py="xl">
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Stack gap={40}>
        <section aria-labelledby="credentials-heading">
          <Title order={2} id="credentials-heading" mb="md">
            {text.credentialsTitle}
          </Title>
          <CredentialCards
            titles={text.credentials}
            brokerName={t('site.brokerLicence', { number: site.licence.brokerNumber })}
            pospName={t('site.credential.posp')}
            today={today}
            icon={
              <ThemeIcon variant="light" size={36} mb="sm" aria-hidden>
                <IconCertificate size={22} />
              </ThemeIcon>
            }
          />
          <Text fz="sm" c="dimmed" mt="md">
            {brokerNote} {t('site.disclaimer')}
          </Text>
        </section>

        <section aria-labelledby="help-heading">
          <Title order={2} id="help-heading" mb="md">
            {text.helpTitle}
          </Title>
          <Bullets
            items={text.help.map((item) => (
              <Rich key={item} text={item} />
            ))}
          />
        </section>

        <section aria-labelledby="talk-heading">
          <Title order={2} id="talk-heading" mb="md">
            {text.talkTitle}
          </Title>
          <Text mb="md">
            <Rich text={text.talkText} />
          </Text>
          <Group>
            <ChatButton />
            <BookCallButton variant="outline" />
          </Group>
        </section>

        <Card
          component="section"
          aria-labelledby="callback-heading"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
        >
          <Title order={2} id="callback-heading" mb="xs">
            {text.callbackTitle}
          </Title>
          <Text c="dimmed" mb="lg">
            {text.callbackText}
          </Text>
          {callbackForm}
        </Card>
      </Stack>
    </Container>
  );
}
