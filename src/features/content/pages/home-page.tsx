import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarStats, IconScale, IconShieldCheck, IconUserCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { ChatButton } from '../components/contact-buttons';
import { Hero } from '../components/hero';
import { IconCard } from '../components/icon-card';

const benefits = [
  {
    icon: IconScale,
    title: 'home.why.unbiased.title',
    text: 'home.why.unbiased.text',
  },
  {
    icon: IconCalendarStats,
    title: 'home.why.renewal.title',
    text: 'home.why.renewal.text',
  },
  {
    icon: IconUserCheck,
    title: 'home.why.advice.title',
    text: 'home.why.advice.text',
  },
] as const;

export function HomePage({ calculators }: { calculators?: ReactNode }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <>
      <Hero
        width={720}
        badge={
          // Wraps instead of Mantine's one-line ellipsis: on a phone the end of this sentence
          // ("Not the official portal") is the part that matters.
          <Badge
            variant="light"
            size="lg"
            maw="100%"
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
          >
            {t('home.badge')}
          </Badge>
        }
        title={t('home.title')}
        text={t('home.intro', { brand: site.brand })}
        actions={
          <>
            <Button component={Link} to={localePath('/what-is-bima-sugam')} size="md">
              {t('home.cta.whatIs')}
            </Button>
            <Button component={Link} to={localePath('/advice')} size="md" variant="outline">
              {t('home.cta.advice')}
            </Button>
          </>
        }
      />

      <Container size="lg" py="xl">
        <Card withBorder radius="lg" padding="xl" bg="blue.0">
          <Group justify="space-between" align="center" gap="lg">
            <Stack gap={4} maw={640}>
              <Title order={2}>{t('home.tracker.title')}</Title>
              <Text>{t('home.tracker.text')}</Text>
            </Stack>
            <Button component={Link} to={localePath('/policy-tracker-intro')} size="md">
              {t('home.tracker.cta')}
            </Button>
          </Group>
        </Card>
      </Container>

      {calculators}

      <Container size="lg" py="xl">
        <Title order={2} mb="lg">
          {t('home.why.title', { brand: site.brand })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {benefits.map(({ icon, title, text }) => (
            <IconCard key={title} icon={icon} title={t(title)}>
              {t(text)}
            </IconCard>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl">
        <Card radius="lg" padding="xl" bg="teal.9" c="white">
          <Stack gap="md">
            <Group gap="sm">
              <IconShieldCheck size={28} aria-hidden />
              <Title order={2}>{t('home.expert.title')}</Title>
            </Group>
            <Text>{t('home.expert.text', { hours: t('site.hours') })}</Text>
            <Group>
              <ChatButton variant="white" />
              <Button component={Link} to={localePath('/advice')} variant="outline" color="white">
                {t('home.expert.callback')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
