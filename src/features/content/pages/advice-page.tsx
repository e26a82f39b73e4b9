import type { ReactNode } from 'react';
import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCalendarEvent, IconCertificate } from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { ExternalButton } from '@/components/ui/external-button';
import { brokerLicenceText, brokerNote, site } from '@/config/site';
import { credentialText } from '@/domain/content/credentials';
import { useClientToday } from '@/lib/client-only';
import { Bullets } from '../components/guide';

function credentials(today: string | null) {
  return [
    { title: 'IRDAI-licensed broking partner', detail: brokerLicenceText(today) },
    {
      title: 'Life insurance certification',
      detail: credentialText('POSP certification', site.licence.lifeCertification, today),
    },
    {
      title: 'General insurance certification',
      detail: credentialText('POSP certification', site.licence.generalCertification, today),
    },
  ];
}

/** The callback form comes from its own feature and is passed in by the route. */
export function AdvicePage({ callbackForm }: { callbackForm: ReactNode }) {
  const today = useClientToday();
  return (
    <Container size="md" py="xl">
      <PageHeader
        title="Get Expert Advice"
        subtitle="Talk to a licensed advisor about health, term or motor insurance, a renewal or a claim — free, and without pressure to buy."
      />
      <Stack gap={40}>
        <section aria-labelledby="credentials-heading">
          <Title order={2} id="credentials-heading" mb="md">
            Our credentials
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {credentials(today).map((item) => (
              <Card key={item.title} withBorder radius="md" padding="lg">
                <ThemeIcon variant="light" size={36} mb="sm" aria-hidden>
                  <IconCertificate size={22} />
                </ThemeIcon>
                <Text fw={700}>{item.title}</Text>
                <Text fz="sm" c="dimmed">
                  {item.detail}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Text fz="sm" c="dimmed" mt="md">
            {brokerNote(today)} {site.disclaimer}
          </Text>
        </section>

        <section aria-labelledby="help-heading">
          <Title order={2} id="help-heading" mb="md">
            How we can help
          </Title>
          <Bullets
            items={[
              'Choosing a health plan: sum insured, room-rent limits, co-pay, waiting periods and network hospitals near you.',
              'Working out how much term cover your family needs and which riders are worth paying for.',
              'Renewing car or two-wheeler insurance without losing your No Claim Bonus, and picking useful add-ons.',
              'Understanding what Bima Sugam will change for your existing policies.',
              'Preparing documents and following up when a claim is delayed or rejected.',
            ]}
          />
        </section>

        <section aria-labelledby="talk-heading">
          <Title order={2} id="talk-heading" mb="md">
            Talk to us now
          </Title>
          <Text mb="md">
            We reply {site.contact.hours}. Chat on WhatsApp for a quick question, or book a call at
            a time that suits you.
          </Text>
          <Group>
            <ExternalButton
              href={site.contact.chatUrl}
              color="teal.9"
              leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            >
              {site.contact.chatLabel}
            </ExternalButton>
            <ExternalButton
              href={site.contact.schedulingUrl}
              variant="outline"
              leftSection={<IconCalendarEvent size={18} aria-hidden />}
            >
              Book a call
            </ExternalButton>
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
            Request a Callback
          </Title>
          <Text c="dimmed" mb="lg">
            Leave your details and a licensed advisor will call you back, usually within one working
            day.
          </Text>
          {callbackForm}
        </Card>
      </Stack>
    </Container>
  );
}
