import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarStats,
  IconScale,
  IconShieldCheck,
  IconUserCheck,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { ExternalButton } from '@/components/ui/external-button';

const benefits = [
  {
    icon: IconScale,
    title: 'Unbiased explanations',
    text: 'Plain-language guides to Bima Sugam, health, term and motor cover, written for Indian families, not for sales targets.',
  },
  {
    icon: IconCalendarStats,
    title: 'Never miss a renewal',
    text: 'Keep every policy in one free tracker that works offline and reminds you before a policy lapses.',
  },
  {
    icon: IconUserCheck,
    title: 'Licensed human advice',
    text: 'When you are ready, talk to a licensed advisor who explains the fine print before you buy or claim.',
  },
] as const;

export function HomePage({ calculators }: { calculators?: ReactNode }) {
  return (
    <>
      <Box bg="teal.0" py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            {/* Wraps instead of Mantine's one-line ellipsis: on a phone the end of this
                sentence ("Not the official portal") is the part that matters. */}
            <Badge
              variant="light"
              size="lg"
              maw="100%"
              h="auto"
              py={4}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
            >
              Independent guide · Not the official portal
            </Badge>
            <Title order={1} fz={{ base: 32, md: 48 }} lh={1.15}>
              Understand Bima Sugam and buy the right insurance with confidence
            </Title>
            <Text fz="lg" c="dimmed">
              India&apos;s insurance marketplace is changing. {site.brand} explains what Bima Sugam
              means for you, helps you compare health, term and motor cover, and gives you free
              tools to plan and track your family&apos;s protection.
            </Text>
            <Group>
              <Button component={Link} to="/what-is-bima-sugam" size="md">
                What is Bima Sugam?
              </Button>
              <Button component={Link} to="/advice" size="md" variant="outline">
                Get expert advice
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Card withBorder radius="lg" padding="xl" bg="blue.0">
          <Group justify="space-between" align="center" gap="lg">
            <Stack gap={4} maw={640}>
              <Title order={2}>Track every policy in one place</Title>
              <Text>
                Vehicle, health, ULIP, term and your own custom types, with live renewal counters
                that work even without a signal.
              </Text>
            </Stack>
            <Button component={Link} to="/policy-tracker-intro" size="md">
              Explore the Policy Tracker
            </Button>
          </Group>
        </Card>
      </Container>

      {calculators}

      <Container size="lg" py="xl">
        <Title order={2} mb="lg">
          Why families use {site.brand}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {benefits.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb="xs">
                {title}
              </Title>
              <Text c="dimmed" fz="sm">
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl">
        <Card radius="lg" padding="xl" bg="teal.9" c="white">
          <Stack gap="md">
            <Group gap="sm">
              <IconShieldCheck size={28} aria-hidden />
              <Title order={2}>Need expert guidance?</Title>
            </Group>
            <Text>
              Confused about a claim, a renewal or which plan suits your family? Our licensed
              advisor answers in plain language, {site.contact.hours}.
            </Text>
            <Group>
              <ExternalButton
                href={site.contact.chatUrl}
                color="teal.9"
                variant="white"
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              >
                {site.contact.chatLabel}
              </ExternalButton>
              <Button component={Link} to="/advice" variant="outline" color="white">
                Request a callback
              </Button>
            </Group>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
