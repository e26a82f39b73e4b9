import type { ReactNode } from 'react';
import {
  Anchor,
  Button,
  Card,
  Container,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarEvent,
  IconClock,
  IconMail,
  IconMapPin,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ExternalButton } from '@/components/ui/external-button';
import { site } from '@/config/site';

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon size={40} radius="md" variant="light" mb="sm" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      <Stack gap="xs" align="flex-start">
        {children}
      </Stack>
    </Card>
  );
}

export function ContactPage() {
  return (
    <Container size="md" py="xl">
      <PageHeader
        title="Contact Us"
        subtitle="Questions about a policy, a renewal or a claim? We are happy to help."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ContactCard icon={<IconBrandWhatsapp size={24} />} title="Chat">
          <Text fz="sm" c="dimmed">
            The quickest way to reach us. Send your question and we reply during working hours.
          </Text>
          <ExternalButton
            href={site.contact.chatUrl}
            color="teal.9"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
          >
            {site.contact.chatLabel}
          </ExternalButton>
        </ContactCard>
        <ContactCard icon={<IconMail size={24} />} title="Email">
          <Text fz="sm" c="dimmed">
            For longer questions or documents. Please do not email full policy documents with
            medical details unless we ask for them.
          </Text>
          <Anchor href={`mailto:${site.contact.email}`} fw={600}>
            {site.contact.email}
          </Anchor>
        </ContactCard>
        <ContactCard icon={<IconMapPin size={24} />} title="Location">
          <Text>{site.location}</Text>
          <Text fz="sm" c="dimmed">
            We work online and by phone with families across India. Meetings in person are by
            appointment only.
          </Text>
        </ContactCard>
        <ContactCard icon={<IconClock size={24} />} title="Hours">
          <Text>{site.contact.hours}</Text>
          <Text fz="sm" c="dimmed">
            Closed on Sundays and national holidays. Messages sent outside these hours are answered
            on the next working day.
          </Text>
        </ContactCard>
      </SimpleGrid>

      <Card withBorder radius="lg" padding="xl" mt="xl" bg="teal.0">
        <Title order={2} fz="xl" mb="xs">
          Prefer a call?
        </Title>
        <Text mb="md">
          Book a time that suits you, or leave your number and a licensed advisor will call you
          back.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={520}>
          <ExternalButton
            href={site.contact.schedulingUrl}
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
          >
            Book a call
          </ExternalButton>
          <Button component={Link} to="/advice" variant="outline">
            Request a callback
          </Button>
        </SimpleGrid>
      </Card>

      <Text fz="sm" c="dimmed" mt="xl">
        {site.disclaimer} For complaints about an insurer, contact the insurer&apos;s grievance
        officer first; if unresolved, you can escalate to IRDAI&apos;s Bima Bharosa portal or the
        Insurance Ombudsman.
      </Text>
    </Container>
  );
}
